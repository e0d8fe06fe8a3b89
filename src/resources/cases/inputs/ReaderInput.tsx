import { AutocompleteInput, type AutocompleteInputProps } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { personLabel } from '../../../../contract/people';
import type { Person } from '../../../../contract/users';
import { useReaders } from '../../../useReaders';

/** "Rhea Patel, MD, FACNS (rhea)": the person, and the username that tells two of a name apart. */
const choiceOf = (person: Person) => ({
  id: person.username,
  name: `${personLabel(person)} (${person.username})`,
});

/** A cleared picker sends null: the case has no reader. */
const noneWhenEmpty = (value: string | null) => value || null;

/**
 * The case's reader, picked from the readers (GET /users/continuous-monitoring/readers) by name,
 * credentials or username. The current reader stays a choice even when no longer listed (e.g. disabled).
 */
export const ReaderInput = ({
  details,
  ...props
}: { details: CaseDetails } & Omit<AutocompleteInputProps, 'choices' | 'source'>) => {
  const { data = [], isPending } = useReaders();
  const current = details.people.find((person) => person.username === details.reader);
  const listed = data.some((person) => person.username === details.reader);
  const readers = current && !listed ? [...data, current] : data;
  return (
    <AutocompleteInput
      source="reader"
      label="Reader"
      choices={readers.map(choiceOf)}
      isPending={isPending}
      parse={noneWhenEmpty}
      helperText="The reading physician"
      {...props}
    />
  );
};
