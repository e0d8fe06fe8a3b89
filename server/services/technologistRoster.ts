import type { GroupMember, UserDirectory } from './userDirectory';

/** How long the list of technologists is reused before Cognito is asked again. */
const ROSTER_TTL_MS = 60_000;

/**
 * The technologists (members of the `technologist` group), read from the user directory and kept for a
 * minute: a case's details and the assignments board name them on every call, and the group changes
 * rarely. Writes that depend on membership (assigning a case) ask the directory afresh.
 */
export function createTechnologistRoster(directory: UserDirectory, now: () => number = Date.now) {
  let cached: { at: number; members: Promise<GroupMember[]> } | undefined;
  const members = () => {
    if (!cached || now() - cached.at > ROSTER_TTL_MS) {
      const fetched = directory.listGroup('technologist');
      // A failed read is not kept: the next call asks again.
      fetched.catch(() => {
        cached = undefined;
      });
      cached = { at: now(), members: fetched };
    }
    return cached.members;
  };
  return {
    /** The enabled technologists, by name. */
    async list(): Promise<GroupMember[]> {
      return (await members())
        .filter((member) => member.isEnabled)
        .sort((a, b) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username));
    },
    /** Display names by username (a username the directory no longer knows is shown as it is). */
    async nameOf(usernames: readonly string[]): Promise<Map<string, string>> {
      const byUsername = new Map((await members()).map((member) => [member.username, member.name]));
      return new Map(usernames.map((username) => [username, byUsername.get(username) ?? username]));
    },
  };
}
export type TechnologistRoster = ReturnType<typeof createTechnologistRoster>;
