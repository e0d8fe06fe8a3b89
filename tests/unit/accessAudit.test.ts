import { describe, expect, it } from 'vitest';
import { auditableQuery, claimedSubject, shownCaseIds } from '../../server/accessAudit';

describe('what the access audit keeps of a call', () => {
  /** A call as Fastify hands it over: its query, and whether its route reads one. */
  const callWith = (query: Record<string, unknown>, readsQuery = true) =>
    ({ query, routeOptions: { schema: readsQuery ? { querystring: {} } : {} } }) as Parameters<
      typeof auditableQuery
    >[0];

  it('keeps nothing of the query of a route that reads none: its keys are whatever the caller wrote', () => {
    expect(auditableQuery(callWith({ '=HYPERLINK("http://evil.example")': '1' }, false))).toEqual({});
  });

  it('keeps ids, dates and paging of a query, and only the length of free text', () => {
    expect(
      auditableQuery(
        callWith({
          q: 'Quarrington',
          technologist: 'tech1',
          clientId: 7,
          page: 2,
          from: '2026-01-01',
          to: '',
        }),
      ),
    ).toEqual({
      q: { searched: true, length: 11 },
      technologist: { searched: true, length: 5 },
      clientId: 7,
      page: 2,
      from: '2026-01-01',
    });
  });

  it('finds the cases an answer shows at any depth: a caseId, or the id of a row with a case number', () => {
    const answer = {
      success: true,
      data: {
        stageCounts: { intake: 3 },
        myCases: [{ id: 4, caseNumber: 'A-4', patientName: 'Doe, Jane' }],
        openTimeLogs: [{ caseId: 9, id: 70 }],
        clients: [{ id: 2, name: 'Northside', cases: [{ caseId: 4 }, { caseId: 11 }] }],
      },
    };
    expect(shownCaseIds(JSON.stringify(answer)).sort((a, b) => a - b)).toEqual([4, 9, 11]);
    expect(shownCaseIds(answer).sort((a, b) => a - b)).toEqual([4, 9, 11]);
    expect(shownCaseIds('not json')).toEqual([]);
    const many = { data: Array.from({ length: 500 }, (_, id) => ({ id, caseNumber: `C-${id}` })) };
    expect(shownCaseIds(JSON.stringify(many))).toHaveLength(200);
  });

  it("reads a token's claimed subject and expiry without trusting it, and survives garbage", () => {
    const token = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.y`;
    expect(claimedSubject(token({ 'cognito:username': 'tech1', exp: 1 }))).toEqual({
      subject: 'tech1',
      expired: true,
    });
    expect(claimedSubject(token({ sub: 'a'.repeat(1000) })).subject).toHaveLength(128);
    expect(claimedSubject('garbage')).toEqual({});
  });
});
