import { useTechnologistName } from '../useTechnologists';

/** A case's technologists by name, or a dash while none is assigned. */
export const TechnologistNames = ({ usernames }: { usernames: readonly string[] }) => {
  const nameOf = useTechnologistName();
  return <>{usernames.length > 0 ? usernames.map(nameOf).join(', ') : '—'}</>;
};
