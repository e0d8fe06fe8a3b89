import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS } from '../../contract/changeEvents';
import { mayHearOf } from '../../server/domain/changeVisibility';

describe('who hears of a change', () => {
  it('tells each role only of what its lists show', () => {
    const heard = (role: 'admin' | 'technologist' | 'reader' | 'billing') =>
      CHANGE_KINDS.filter((kind) => mayHearOf([role], { kind }));
    expect(heard('admin')).toEqual(['cases', 'clients', 'billing', 'users']);
    expect(heard('technologist')).toEqual(['cases', 'clients']);
    expect(heard('reader')).toEqual(['cases', 'clients']);
    expect(heard('billing')).toEqual(['cases', 'clients', 'billing']);
  });

  it('tells a user in no group of nothing', () => {
    expect(CHANGE_KINDS.filter((kind) => mayHearOf([], { kind }))).toEqual([]);
  });
});
