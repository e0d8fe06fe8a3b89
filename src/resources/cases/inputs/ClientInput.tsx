import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, type AutocompleteInputProps, useDataProvider } from 'react-admin';
import { API_PATHS } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { resourceOf } from '../../../dataProvider/resourcePaths';

interface ClientInputProps extends Omit<AutocompleteInputProps, 'choices'> {
  /** Only the enabled clients: those that take new cases. */
  enabledOnly?: boolean;
}

/** A client picker over GET /continuous-monitoring/clients/ids (or `/ids/enabled`). */
export const ClientInput = ({ enabledOnly = false, ...props }: ClientInputProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending } = useQuery({
    // Named after its API path, nested under the clients: a client's write or live change reads it again.
    queryKey: [resourceOf(enabledOnly ? API_PATHS.enabledClientIds : API_PATHS.clientIds), 'getClientNames'],
    queryFn: () => dataProvider.getClientNames(enabledOnly),
  });
  return <AutocompleteInput label="Client" choices={data ?? []} isPending={isPending} {...props} />;
};
