import { describe, expect, it } from 'vitest';
import { loggableError } from '../../server/errorHandler';

describe('what an unexpected error leaves in the log', () => {
  it('keeps the type, database code and stack frames, never the message or the query values', () => {
    const cause = Object.assign(new Error('value "99999999999" is out of range for type integer'), {
      code: '22003',
    });
    const error = new Error('Failed query: update "clients" set "name" = $1\nparams: Jane Doe,MRN-0042', {
      cause,
    });
    const logged = loggableError(error);
    expect(logged).toMatchObject({ type: 'Error', code: '22003' });
    expect(JSON.stringify(logged)).not.toMatch(/Jane Doe|MRN-0042|out of range|Failed query/);
    expect(logged.stack).toContain('errorHandler.test.ts');
  });
});
