import { describe, expect, it } from 'vitest';
import { choosePostgres, workerDatabaseUrl } from '../api/support/postgres';

const reachable = async () => true;
const unreachable = async () => false;

describe('Which databases the API tests run on', () => {
  it('adds PostgreSQL when it answers, without a warning', async () => {
    expect(await choosePostgres({}, reachable)).toEqual({ withPostgres: true });
  });

  it('runs on PGlite alone outside CI, with a boxed warning naming TEST_DATABASE_URL and how to start PostgreSQL', async () => {
    const { withPostgres, warning = '' } = await choosePostgres({}, unreachable);
    expect(withPostgres).toBe(false);
    const lines = warning.split('\n');
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(
      lines.slice(1, -1).every((line) => line.startsWith('| ') && line.length === lines[0]?.length),
    ).toBe(true);
    expect(warning).toContain('PGlite only');
    expect(warning).toContain('postgres://postgres@127.0.0.1:5432/test');
    expect(warning).toContain('TEST_DATABASE_URL');
    expect(warning).toContain('pg_ctlcluster');
  });

  it('fails the run in CI when PostgreSQL does not answer', async () => {
    await expect(choosePostgres({ CI: 'true' }, unreachable)).rejects.toThrow(
      'PostgreSQL is required for the API tests but not reachable at postgres://postgres@127.0.0.1:5432/test',
    );
  });

  it('fails the run when the PostgreSQL named by TEST_DATABASE_URL does not answer', async () => {
    const env = { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/absent' };
    await expect(choosePostgres(env, unreachable)).rejects.toThrow(
      'not reachable at postgres://postgres@127.0.0.1:1/absent',
    );
  });

  it('checks the server TEST_DATABASE_URL names', async () => {
    const asked: string[] = [];
    const env = { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mine' };
    await choosePostgres(env, async (url) => {
      asked.push(url);
      return true;
    });
    expect(asked).toEqual(['postgres://postgres@127.0.0.1:5432/mine']);
  });

  it("gives each Vitest worker its own database beside the run's, keeping the server, user and options", () => {
    const env = { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mine?sslmode=disable' };
    expect(workerDatabaseUrl({ ...env, VITEST_POOL_ID: '2' })).toBe(
      'postgres://postgres@127.0.0.1:5432/mine_w2?sslmode=disable',
    );
    expect(workerDatabaseUrl({ VITEST_POOL_ID: '1' })).toBe('postgres://postgres@127.0.0.1:5432/test_w1');
    // Outside a worker (a script), the run's database itself.
    expect(workerDatabaseUrl(env)).toBe(env.TEST_DATABASE_URL);
  });
});
