import { LRUCache } from 'lru-cache';
import type { Person } from '../../contract/users';
import type { GroupMember, PoolUser, UserDirectory } from './userDirectory';

/** How long the lists of technologists and readers are reused before Cognito is asked again. */
const ROSTER_TTL_MS = 60_000;

/** Users read one by one (signers no longer in a reader group) kept at most this many, the least recent dropped. */
const USERS_KEPT = 500;

/** The groups whose members may be a case's reader (the rule of the case header's reader check). */
export const READER_GROUPS = ['reader', 'admin'] as const;

const byName = (a: GroupMember, b: GroupMember) =>
  a.name.localeCompare(b.name) || a.username.localeCompare(b.username);

/** Reads `read` at most once a minute; a failed read is not kept, so the next call asks again. */
function cachedFor<T>(read: () => Promise<T>, now: () => number) {
  let cached: { at: number; value: Promise<T> } | undefined;
  const get = () => {
    if (!cached || now() - cached.at > ROSTER_TTL_MS) {
      const fetched = read();
      fetched.catch(() => {
        cached = undefined;
      });
      cached = { at: now(), value: fetched };
    }
    return cached.value;
  };
  const forget = () => {
    cached = undefined;
  };
  return { get, forget };
}

/** The members of the reader groups, each once (an admin who is also a reader is listed once). */
async function readReaders(directory: UserDirectory): Promise<GroupMember[]> {
  const groups = await Promise.all(READER_GROUPS.map((group) => directory.listGroup(group)));
  return [...new Map(groups.flat().map((member) => [member.username, member])).values()];
}

/**
 * The technologists (members of the `technologist` group) and the readers (DESIGN §4), read from the user
 * directory and kept for a minute (or until an admin changes a user): a case's details and the
 * assignments board name them on every call, and the groups change rarely. Writes that depend on membership (assigning a case, naming its reader)
 * ask the directory afresh.
 */
export function createTechnologistRoster(directory: UserDirectory, now: () => number = Date.now) {
  const technologistCache = cachedFor(() => directory.listGroup('technologist'), now);
  const readerCache = cachedFor(() => readReaders(directory), now);
  const members = technologistCache.get;
  const readers = readerCache.get;
  // A signer no longer in a reader group is named on every view of their cases: Cognito is asked once a
  // minute per user, not once a call (its AdminGetUser quota is a few dozen calls a second for the account).
  const userCaches = new LRUCache<string, ReturnType<typeof cachedFor<PoolUser | undefined>>>({
    max: USERS_KEPT,
  });
  const userOf = (username: string) => {
    let cache = userCaches.get(username);
    if (!cache) {
      cache = cachedFor(() => directory.getUser(username), now);
      userCaches.set(username, cache);
    }
    return cache.get();
  };
  return {
    /** After an admin changes a user (name, credentials, groups, enabled): the next read asks afresh. */
    forget() {
      technologistCache.forget();
      readerCache.forget();
      userCaches.clear();
    },
    /** The enabled technologists, by name. */
    async list(): Promise<GroupMember[]> {
      return (await members()).filter((member) => member.isEnabled).sort(byName);
    },
    /**
     * Display names by username. One not in the kept list (added to the group in the identity console a
     * moment ago, or no longer in it) is read from the directory; one it does not know is shown as it is.
     */
    async nameOf(usernames: readonly string[]): Promise<Map<string, string>> {
      const byUsername = new Map((await members()).map((member) => [member.username, member.name]));
      const named = await Promise.all(
        usernames.map(async (username) => {
          const name = byUsername.get(username) ?? (await userOf(username))?.name;
          return [username, name ?? username] as const;
        }),
      );
      return new Map(named);
    },
    /** The enabled users who may be a case's reader, by name. */
    async readers(): Promise<Person[]> {
      return (await readers())
        .filter((member) => member.isEnabled)
        .sort(byName)
        .map(({ username, name, credentials }) => ({ username, name, credentials }));
    },
    /**
     * Readers and signers by name and credentials, disabled ones too (what they signed keeps their name);
     * one no longer in a reader group is read from the directory, one it does not know shows as a username.
     */
    async people(usernames: readonly string[]): Promise<Person[]> {
      const known = new Map((await readers()).map((member) => [member.username, member]));
      return Promise.all(
        [...new Set(usernames)].map(async (username) => {
          const found = known.get(username) ?? (await userOf(username));
          return { username, name: found?.name ?? username, credentials: found?.credentials ?? '' };
        }),
      );
    },
  };
}
export type TechnologistRoster = ReturnType<typeof createTechnologistRoster>;
