import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import type { Role } from '../../contract/roles';
import { buildUser } from '../support/fakeApi';
import { fakeCaseRecordsApi, type RecordCaseFacts, seedRecord } from '../support/fakeCaseRecordsApi';

/** The fake record calls that the record tabs' tests run against keep the server's rules. */

const OPEN: RecordCaseFacts = {
  caseNumber: 'NSG-2026-0001',
  stage: 'monitoring',
  impedanceLimitKOhm: 5,
  notificationRules: [],
  contacts: [],
};

function api(role: Role = 'admin', facts = OPEN) {
  const handle = fakeCaseRecordsApi(
    {
      records: [
        seedRecord(7, 1, 'events', {
          author: 'priya',
          createdAt: '2026-03-03T02:00:00.000Z',
          fields: { type: 'seizure', occurredAt: '2026-03-03T02:00:00.000Z', description: '' },
        }),
      ],
    },
    { user: buildUser({ username: 'rhea', roles: [role] }), caseOf: async () => facts },
  );
  return {
    post: (path: string, body: unknown) => handle({ method: 'POST', path, body }),
    get: (path: string) => handle({ method: 'GET', path }),
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { status: number; message: string; body?: { errors?: Record<string, string> } }) => ({
      status: error.status,
      message: error.message,
      errors: error.body?.errors,
    }),
  );

describe('the fake case-record calls', () => {
  it('check a body with the contract: each field, then the rules across fields', async () => {
    const { post } = api();
    expect(await refusal(post(API_PATHS.caseRecords(1, 'events'), { type: 'seizure' }))).toMatchObject({
      status: 400,
      errors: { occurredAt: expect.stringMatching(/^Occurred at must be a date and time/) },
    });
    expect(
      await refusal(
        post(API_PATHS.caseRecordRevisions(1, 'events', 7), {
          endedAt: '2026-03-03T01:00:00Z',
          baseRevision: 1,
        }),
      ),
    ).toMatchObject({ status: 400, errors: { endedAt: 'An event cannot end before it starts' } });
  });

  it('revise from the latest revision only', async () => {
    const { post } = api();
    const path = API_PATHS.caseRecordRevisions(1, 'events', 7);
    expect(await post(path, { description: 'Jerking', baseRevision: 1 })).toMatchObject({
      data: { revision: 2, description: 'Jerking', type: 'seizure', author: 'rhea' },
    });
    expect(await refusal(post(path, { description: 'Again', baseRevision: 1 }))).toMatchObject({
      status: 409,
      message: expect.stringContaining('now revision 2'),
    });
  });

  it("flag impedances over the case's limit, under the electrodes' modern names", async () => {
    const { post } = api();
    const created = await post(API_PATHS.caseRecords(1, 'impedances'), {
      measuredAt: '2026-03-03T03:00:00Z',
      values: { T3: 6, O2: 5 },
    });
    expect(created).toMatchObject({ data: { values: { T7: 6, O2: 5 }, overLimit: ['T7'], revision: 1 } });
  });

  it('sign an interpretation in the caller’s name; a signed one is then neither edited nor voided', async () => {
    const { post, get } = api('reader');
    const created = await post(API_PATHS.caseRecords(1, 'interpretations'), {
      kind: 'final',
      acnsSeizures: [{ class: 'ESz' }],
      seizuresInPeriod: false,
    });
    const id = (created as { data: { _id: number } }).data._id;
    const path = API_PATHS.caseRecordRevisions(1, 'interpretations', id);
    // As the server: "no seizures" against an ESz entry is saved as a draft, never signed.
    expect(await refusal(post(path, { status: 'signed', baseRevision: 1 }))).toMatchObject({
      status: 400,
      errors: {
        seizuresInPeriod:
          'The findings list an electrographic seizure (ESz): answer yes, or remove the seizure',
      },
    });
    expect(await post(path, { status: 'signed', seizuresInPeriod: true, baseRevision: 1 })).toMatchObject({
      data: { status: 'signed', signedBy: 'rhea', signedAt: expect.any(String) },
    });
    expect(await refusal(post(path, { impression: 'More', baseRevision: 2 }))).toMatchObject({
      status: 409,
      message: 'A signed interpretation is changed only by an addendum',
    });
    expect(
      await refusal(post(path, { voided: true, voidReason: 'Wrong patient', baseRevision: 2 })),
    ).toMatchObject({ status: 409 });
    expect((await get(path))?.data).toMatchObject([
      { revision: 2, status: 'signed', signedBy: 'rhea', voided: false },
      { revision: 1, status: 'draft', signedBy: null },
    ]);
  });

  it('keeps the fields a revision does not send', async () => {
    const { post } = api();
    const created = await post(API_PATHS.caseRecords(1, 'billing-notes'), {
      month: '2026-03',
      adjustMinutes: -15,
      text: 'Duplicate check',
    });
    const id = (created as { data: { _id: number } }).data._id;
    expect(
      await post(API_PATHS.caseRecordRevisions(1, 'billing-notes', id), { settled: true, baseRevision: 1 }),
    ).toMatchObject({ data: { settled: true, adjustMinutes: -15 } });
  });

  it('refuse a role the role table does not allow, and any write on a closed case', async () => {
    expect(
      await refusal(api('reader').post(API_PATHS.caseRecords(1, 'events'), { type: 'seizure' })),
    ).toMatchObject({ status: 403 });
    expect(
      await refusal(
        api('admin', { ...OPEN, stage: 'closed' }).post(API_PATHS.caseRecordRevisions(1, 'events', 7), {
          description: 'Late',
          baseRevision: 1,
        }),
      ),
    ).toMatchObject({ status: 409, message: 'Case NSG-2026-0001 is closed' });
  });
});
