import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS } from '../../contract/changeEvents';
import { mayHearOf } from '../../server/domain/changeVisibility';

describe('who hears of a change', () => {
  it('tells each role only of what its lists show', () => {
    const heard = (role: 'admin' | 'technologist' | 'reader' | 'billing') =>
      CHANGE_KINDS.filter((kind) => mayHearOf([role], { kind }));
    expect(heard('admin')).toEqual(['cases', 'clients', 'billing', 'users', 'attention']);
    expect(heard('technologist')).toEqual(['cases', 'clients', 'attention']);
    expect(heard('reader')).toEqual(['cases', 'clients']);
    expect(heard('billing')).toEqual(['cases', 'clients', 'billing']);
  });

  it('tells only its user of a change for one user', () => {
    const acknowledged = { kind: 'attention', username: 'tech1' } as const;
    expect(mayHearOf(['technologist'], acknowledged, 'tech1')).toBe(true);
    expect(mayHearOf(['technologist'], acknowledged, 'tech2')).toBe(false);
    expect(mayHearOf(['admin'], acknowledged, 'admin')).toBe(false);
  });

  it('tells a user in no group of nothing', () => {
    expect(CHANGE_KINDS.filter((kind) => mayHearOf([], { kind }))).toEqual([]);
  });
});
