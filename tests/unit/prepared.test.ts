import { describe, expect, it, vi } from 'vitest';
import { keepsNamedStatements, preparedOnce } from '../../server/db/prepared';

describe('queries built once and prepared (server/db/prepared.ts)', () => {
  it('builds a key once per database, names it on PostgreSQL, and sends it unnamed on PGlite', () => {
    const postgres = {};
    const pglite = {};
    keepsNamedStatements(postgres);
    const build = vi.fn((name: string) => ({ name }));
    const first = preparedOnce(postgres, 'closed page', build);
    expect(preparedOnce(postgres, 'closed page', build)).toBe(first);
    expect(first.name).toMatch(/^vigil_\d+$/);
    // Another PostgreSQL pool gives the same key the same name: a name always means the same text.
    const other = {};
    keepsNamedStatements(other);
    expect(preparedOnce(other, 'closed page', build).name).toBe(first.name);
    expect(preparedOnce(postgres, 'intake page', build).name).not.toBe(first.name);
    expect(preparedOnce(pglite, 'closed page', build).name).toBe('');
    expect(build).toHaveBeenCalledTimes(4);
  });
});
