import { SearchInput, SelectInput } from 'react-admin';

/** The list's filters, sent to the API as `q` (name or code) and `isEnabled`. */
export const clientFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or code" />,
  <SelectInput
    key="isEnabled"
    source="isEnabled"
    label="Status"
    alwaysOn
    choices={[
      { id: 'true', name: 'Enabled' },
      { id: 'false', name: 'Disabled' },
    ]}
  />,
];
