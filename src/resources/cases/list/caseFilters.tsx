import { DateInput, SearchInput } from 'react-admin';
import { ClientInput } from '../inputs/ClientInput';
import { TechnologistInput } from '../inputs/TechnologistInput';

/** Sent to the API as `q`, `clientId`, `technologist`, `from` and `to` (recording start, whole days). */
export const caseFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Case number, patient or MRN" sx={{ width: 280 }} />,
  <ClientInput key="clientId" source="clientId" alwaysOn />,
  <TechnologistInput key="technologist" source="technologist" alwaysOn />,
  <DateInput key="from" source="from" label="Recording from" alwaysOn />,
  <DateInput key="to" source="to" label="Recording to" alwaysOn />,
];
