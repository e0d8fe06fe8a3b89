import { expect } from 'vitest';
import type { CaseDetails, CaseStage } from '../../../contract/cases';
import { API_PATHS } from '../../../contract/paths';
import type { ApiReply, DemoUsername } from './apiClient';

type Json = Record<string, unknown>;
type Call = (method: string, path: string, as?: DemoUsername, body?: unknown) => Promise<ApiReply>;
type Versioned = { id: number; version: number };

/** The case's current state after a reply that carries it (a transition answers `{transition, case}`). */
export function caseOf(reply: ApiReply): CaseDetails {
  const data = reply.body.data as { case?: CaseDetails } & CaseDetails;
  return data.case ?? data;
}

/** The instant `minutes` ago, as ISO text. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The Cases API calls the API tests make, as a user, through `call`. */
export function caseCalls(call: Call) {
  const calls = {
    /** A client made by the admin (201 expected), in `timeZone` UTC unless `body` says otherwise. */
    async newClient(name: string, code: string, body: Json = {}) {
      const reply = await call('POST', API_PATHS.clients, 'admin', { name, code, timeZone: 'UTC', ...body });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return (reply.body.data as { id: number }).id;
    },
    /** The client's on-call doctor, first to call (201 expected): the contact's id. */
    async onCallContact(clientId: number) {
      const reply = await call('POST', API_PATHS.clientRecords(clientId, 'contacts'), 'admin', {
        name: 'Dr On Call',
        role: 'Attending',
        phone: '555-0100',
        escalationOrder: 1,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return (reply.body.data as { _id: number })._id;
    },
    /** The client's first protocol revision (201 expected): hourly checks, reports within 24 h, 5 kΩ. */
    async firstProtocol(clientId: number, body: Json = {}) {
      const reply = await call('POST', API_PATHS.protocolRevisions(clientId), 'admin', {
        baseRevision: 0,
        body: 'Protocol',
        checkIntervalMinutes: 60,
        reportTurnaroundHours: 24,
        impedanceLimitKOhm: 5,
        ...body,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    },
    /** A case taken in (201 expected): long-term, with video, continuous unless `body` says otherwise. */
    async intake(clientId: number, body: Json = {}, as: DemoUsername = 'tech1') {
      const reply = await call('POST', API_PATHS.cases, as, {
        clientId,
        studyType: 'long-term',
        hasVideo: true,
        monitoringLevel: 'continuous',
        ...body,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.data as CaseDetails;
    },
    details: async (id: number, as: DemoUsername = 'admin') =>
      (await call('GET', API_PATHS.caseDetails(id), as)).body.data as CaseDetails,
    move: (c: Versioned, to: CaseStage, as: DemoUsername, reason?: string) =>
      call('POST', API_PATHS.caseTransitions(c.id), as, { to, reason, version: c.version }),
    patch: (c: Versioned, body: Json, as: DemoUsername = 'tech1') =>
      call('PATCH', API_PATHS.case(c.id), as, { ...body, version: c.version }),
    assign: (username: string, caseIds: number[], as: DemoUsername = 'tech1') =>
      call('PUT', API_PATHS.technologistCases(username), as, { caseIds }),
    /**
     * A case of the client with `patient`, taken in, assigned to tech1, recording since 4 hours ago, in
     * monitoring, with tech1's monitoring log running for 2 hours (each step's success expected).
     */
    async monitoredCase(clientId: number, patient: Json) {
      const created = await calls.intake(clientId, { patient });
      expect((await calls.assign('tech1', [created.id])).status).toBe(200);
      const started = await calls.patch(await calls.details(created.id), { recordingStart: minutesAgo(240) });
      const moved = await calls.move(caseOf(started), 'monitoring', 'tech1');
      expect(moved.status, JSON.stringify(moved.body)).toBe(201);
      const log = await call('POST', API_PATHS.caseRecords(created.id, 'time-logs'), 'tech1', {
        start: minutesAgo(120),
        activity: 'monitoring',
      });
      expect(log.status, JSON.stringify(log.body)).toBe(201);
      return created;
    },
  };
  return calls;
}
