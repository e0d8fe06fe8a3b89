import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DateInput, SearchInput } from 'react-admin';
import { ClientInput } from '../inputs/ClientInput';
import { TechnologistInput } from '../inputs/TechnologistInput';

/**
 * Sent to the API as `q`, `clientId`, `technologist`, `from` and `to` (recording start, whole days). On a
 * wide screen all show; on a phone only the search does, the others wait behind react-admin's "Add filter"
 * button (a filter with a value stays shown), so the list is not pushed below the first screen.
 */
const caseFilters = (wide: boolean) => [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Case number, patient or MRN"
    sx={{ width: wide ? 280 : '100%' }}
  />,
  <ClientInput key="clientId" source="clientId" alwaysOn={wide} />,
  <TechnologistInput key="technologist" source="technologist" alwaysOn={wide} />,
  <DateInput key="from" source="from" label="Recording from" alwaysOn={wide} />,
  <DateInput key="to" source="to" label="Recording to" alwaysOn={wide} />,
];

export const useCaseFilters = () =>
  caseFilters(!useMediaQuery((theme: Theme) => theme.breakpoints.down('sm')));
