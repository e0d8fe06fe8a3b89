import { describe, expect, it, vi } from 'vitest';
import { createTechnologistRoster } from '../../server/services/technologistRoster';
import type { GroupMember, PoolUser, UserDirectory } from '../../server/services/userDirectory';

const member = (username: string, name: string): GroupMember => ({
  username,
  email: `${username}@example.org`,
  name,
  credentials: 'MD',
  isEnabled: true,
});

/** A directory whose readers' group holds Dr Reed only; Dr Former left it but still exists. */
function directory() {
  const getUser = vi.fn(
    async (username: string): Promise<PoolUser | undefined> =>
      username === 'former'
        ? { ...member('former', 'Dr Former'), groups: [], status: 'CONFIRMED', createdAt: null }
        : undefined,
  );
  const listGroup = vi.fn(async (group: string) => (group === 'reader' ? [member('reed', 'Dr Reed')] : []));
  return { getUser, listGroup, directory: { getUser, listGroup } as unknown as UserDirectory };
}

describe('the roster of readers and signers (DESIGN §4)', () => {
  it('asks the directory for a signer outside the reader groups once a minute, not once a call', async () => {
    let now = 0;
    const { getUser, directory: users } = directory();
    const roster = createTechnologistRoster(users, () => now);
    const names = async () => (await roster.people(['reed', 'former', 'gone'])).map((person) => person.name);
    expect(await names()).toEqual(['Dr Reed', 'Dr Former', 'gone']);
    expect(await names()).toEqual(['Dr Reed', 'Dr Former', 'gone']);
    expect(getUser.mock.calls.map(([username]) => username)).toEqual(['former', 'gone']);
    now = 60_001;
    await names();
    expect(getUser).toHaveBeenCalledTimes(4);
  });

  it('names a technologist not in the kept list from the directory, once a minute, and an unknown one by username', async () => {
    const { getUser, directory: users } = directory();
    const roster = createTechnologistRoster(users, () => 0);
    const names = async () => Object.fromEntries(await roster.nameOf(['former', 'gone']));
    expect(await names()).toEqual({ former: 'Dr Former', gone: 'gone' });
    expect(await names()).toEqual({ former: 'Dr Former', gone: 'gone' });
    expect(getUser).toHaveBeenCalledTimes(2);
  });

  it('asks again after an admin changes a user, and after a failed read', async () => {
    const { getUser, directory: users } = directory();
    const roster = createTechnologistRoster(users, () => 0);
    await roster.people(['former']);
    roster.forget();
    await roster.people(['former']);
    expect(getUser).toHaveBeenCalledTimes(2);
    getUser.mockRejectedValueOnce(new Error('throttled'));
    roster.forget();
    await expect(roster.people(['former'])).rejects.toThrow('throttled');
    expect((await roster.people(['former']))[0]?.name).toBe('Dr Former');
    expect(getUser).toHaveBeenCalledTimes(4);
  });
});
