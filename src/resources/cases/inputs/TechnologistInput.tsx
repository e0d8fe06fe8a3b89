import { AutocompleteInput, type AutocompleteInputProps } from 'react-admin';
import { useTechnologists } from '../useTechnologists';

/** A technologist picker, by username, over GET /users/continuous-monitoring/technologists. */
export const TechnologistInput = (props: Omit<AutocompleteInputProps, 'choices'>) => {
  const { data = [], isPending } = useTechnologists();
  const choices = data.map(({ username, name }) => ({ id: username, name }));
  return <AutocompleteInput label="Technologist" choices={choices} isPending={isPending} {...props} />;
};
