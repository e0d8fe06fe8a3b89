import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, type AutocompleteInputProps, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';

interface ClientInputProps extends Omit<AutocompleteInputProps, 'choices'> {
  /** Only the enabled clients: those that take new cases. */
  enabledOnly?: boolean;
}

/** A client picker over GET /continuous-monitoring/clients/ids (or `/ids/enabled`). */
export const ClientInput = ({ enabledOnly = false, ...props }: ClientInputProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['clientNames', enabledOnly],
    queryFn: () => dataProvider.getClientNames(enabledOnly),
  });
  return <AutocompleteInput label="Client" choices={data ?? []} isPending={isPending} {...props} />;
};
