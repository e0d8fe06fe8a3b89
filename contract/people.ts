import type { Person } from './users';

/** "Ana Ruiz, MD, FACNS": the name and credentials, or the username when the name is unknown. */
export function personLabel({ username, name, credentials }: Partial<Person> & { username: string }) {
  if (!name) return username;
  return credentials ? `${name}, ${credentials}` : name;
}
