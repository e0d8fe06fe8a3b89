import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import type { CaseRow } from '../../contract/cases';
import { floorToMinute, spanMinutes } from '../../contract/hours';
import { API_PATHS } from '../../contract/paths';
import type { Clock, TurnaroundMonth } from '../../contract/turnaround';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls, caseOf } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

const MINUTE = 60_000;
const iso = (instant: number) => new Date(instant).toISOString();
const PATIENT = { mrn: 'ORD-1', firstName: 'Ada', lastName: 'Quinlan', dateOfBirth: '1958-04-17', sex: 'F' };

/** Orders and turnaround clocks (DESIGN §4 "Orders and critical calls (turn 4)"). */
describeEachDatabase('Orders and turnaround clocks API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;
  let seq = 0;
  const suffix = kind === 'pglite' ? 'L' : 'P';

  const call = (method: string, path: string, as: DemoUsername = 'admin', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, firstProtocol, intake, details, patch, move } = caseCalls(call);

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    clientId = await newClient('Order General', `ORD${suffix}`);
    await firstProtocol(clientId);
  });
  afterAll(async () => {
    await server?.close();
  });

  const order = (orderedAt: number, priority: string, extra: Record<string, unknown> = {}) => ({
    orderedAt: iso(orderedAt),
    priority,
    orderingPhysician: { name: 'Greg House', phone: '+1 555 0100' },
    indication: 'Altered mental status',
    ...extra,
  });
  const clock = (found: { clocks: Clock[] }, kind: Clock['kind']) =>
    found.clocks.find((each) => each.kind === kind);

  /** A case of `client` taken in with `orderBody`, its recording started at `recordingStart`. */
  async function orderedCase(client: number, orderBody: unknown, recordingStart?: number) {
    seq += 1;
    const created = await intake(client, { order: orderBody, patient: { ...PATIENT, mrn: `ORD-${seq}` } });
    if (recordingStart === undefined) return created;
    const started = await patch(created, { recordingStart: iso(recordingStart) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return caseOf(started);
  }

  async function hookupLog(caseId: number, start: number) {
    expect(
      (await call('PUT', API_PATHS.technologistCases('tech1'), 'tech1', { caseIds: [caseId] })).status,
    ).toBe(200);
    const log = await call('POST', API_PATHS.caseRecords(caseId, 'time-logs'), 'tech1', {
      start: iso(start),
      end: iso(start + 20 * MINUTE),
      activity: 'hookup',
    });
    expect(log.status, JSON.stringify(log.body)).toBe(201);
    expect((await call('PUT', API_PATHS.technologistCases('tech1'), 'tech1', { caseIds: [] })).status).toBe(
      200,
    );
  }

  it('keeps the order as sent, answers "no order" as null, and refuses a bad order field by field', async () => {
    const orderedAt = floorToMinute(Date.now() - 30 * MINUTE);
    const created = await orderedCase(
      clientId,
      order(orderedAt, 'urgent', { placerOrderNumber: `PON-${suffix}1` }),
    );
    expect(created.order).toEqual({
      orderedAt: iso(orderedAt),
      priority: 'urgent',
      orderingPhysician: { name: 'Greg House', phone: '+1 555 0100' },
      indication: 'Altered mental status',
      placerOrderNumber: `PON-${suffix}1`,
    });
    expect(created.clocks).toEqual([
      { kind: 'hookup', dueBy: iso(orderedAt + 180 * MINUTE), metAt: null, breachedByMinutes: null },
    ]);
    const plain = await intake(clientId);
    expect(plain.order).toBeNull();
    expect(plain.clocks).toEqual([]);

    const refused = await call('POST', API_PATHS.cases, 'tech1', {
      clientId,
      studyType: 'icu',
      monitoringLevel: 'continuous',
      order: { orderedAt: iso(Date.now() + 3_600_000), priority: 'asap' },
    });
    expect(refused.status).toBe(400);
    expect((refused.body.fields as { field: string }[]).map((f) => f.field).sort()).toEqual([
      'order.orderedAt',
      'order.priority',
    ]);
    const twice = await call('POST', API_PATHS.cases, 'tech1', {
      clientId,
      studyType: 'icu',
      monitoringLevel: 'continuous',
      order: order(orderedAt, 'stat', { placerOrderNumber: `PON-${suffix}1` }),
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toEqual([
      {
        field: 'order.placerOrderNumber',
        message: `Order PON-${suffix}1 is already on case ${created.caseNumber}`,
      },
    ]);

    const badPatch = await patch(plain, { order: { orderedAt: 'yesterday', priority: 'stat' } });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.fields).toEqual([expect.objectContaining({ field: 'order.orderedAt' })]);
    const added = await patch(plain, { order: order(orderedAt, 'routine') });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(caseOf(added).order).toMatchObject({ priority: 'routine', placerOrderNumber: null });
    const removed = await patch(caseOf(added), { order: null });
    expect(caseOf(removed).order).toBeNull();
  });

  it('shows a stat order whose hookup missed its hour breached by the minutes it was late', async () => {
    const orderedAt = floorToMinute(Date.now() - 5 * 60 * MINUTE);
    const created = await orderedCase(clientId, order(orderedAt, 'stat'), orderedAt + 100 * MINUTE);
    await hookupLog(created.id, orderedAt + 97 * MINUTE);
    const found = await details(created.id);
    expect(clock(found, 'hookup')).toEqual({
      kind: 'hookup',
      dueBy: iso(orderedAt + 60 * MINUTE),
      metAt: iso(orderedAt + 97 * MINUTE),
      breachedByMinutes: 37,
    });
    // The first review runs from the hookup, an hour for a stat order: long past, not met.
    const review = clock(found, 'first-review');
    expect(review).toMatchObject({ dueBy: iso(orderedAt + 157 * MINUTE), metAt: null });
    expect(review?.breachedByMinutes).toBeGreaterThanOrEqual(300 - 157);
    expect(clock(found, 'preliminary')).toMatchObject({
      dueBy: iso(orderedAt + 100 * MINUTE + 24 * 60 * MINUTE),
    });

    const rows = await call(
      'GET',
      `${API_PATHS.caseStage('intake')}?clientId=${clientId}&perPage=100`,
      'tech1',
    );
    const row = (rows.body.data as CaseRow[]).find((each) => each.id === created.id);
    expect(row?.clocks).toEqual(found.clocks);
    expect(row?.order).toEqual(found.order);
  });

  it('shows a routine order hooked up within its day as met', async () => {
    const orderedAt = floorToMinute(Date.now() - 10 * 60 * MINUTE);
    const created = await orderedCase(clientId, order(orderedAt, 'routine'), orderedAt + 6 * 60 * MINUTE);
    expect(clock(created, 'hookup')).toEqual({
      kind: 'hookup',
      dueBy: iso(orderedAt + 1440 * MINUTE),
      metAt: iso(orderedAt + 6 * 60 * MINUTE),
      breachedByMinutes: null,
    });
    expect(clock(created, 'first-review')).toEqual({
      kind: 'first-review',
      dueBy: iso(orderedAt + (360 + 720) * MINUTE),
      metAt: null,
      breachedByMinutes: null,
    });
  });

  it('meets the first review with a signed preliminary, and with a reader\'s "reviewed" action', async () => {
    const orderedAt = floorToMinute(Date.now() - 90 * MINUTE);
    const signedCase = await orderedCase(clientId, order(orderedAt, 'urgent'), orderedAt + 30 * MINUTE);
    const signed = await call('POST', API_PATHS.caseRecords(signedCase.id, 'interpretations'), 'reader1', {
      kind: 'prelim',
      status: 'signed',
      seizuresInPeriod: false,
      impression: 'Diffuse slowing',
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const signedAt = (signed.body.data as { signedAt: string }).signedAt;
    const afterSigning = await details(signedCase.id);
    expect(clock(afterSigning, 'first-review')).toEqual({
      kind: 'first-review',
      dueBy: iso(orderedAt + 210 * MINUTE),
      metAt: new Date(signedAt).toISOString(),
      breachedByMinutes: null,
    });
    expect(clock(afterSigning, 'preliminary')?.metAt).toBe(new Date(signedAt).toISOString());

    const reviewedCase = await orderedCase(clientId, order(orderedAt, 'stat'), orderedAt + 10 * MINUTE);
    const byTechnologist = await call('POST', API_PATHS.caseActions(reviewedCase.id), 'tech1', {
      kind: 'reviewed',
    });
    expect(byTechnologist.status).toBe(403);
    const reviewed = await call('POST', API_PATHS.caseActions(reviewedCase.id), 'reader1', {
      kind: 'reviewed',
      note: 'First look',
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
    const at = (reviewed.body.data as { at: string }).at;
    const found = await details(reviewedCase.id);
    const dueBy = orderedAt + 70 * MINUTE;
    expect(clock(found, 'first-review')).toEqual({
      kind: 'first-review',
      dueBy: iso(dueBy),
      metAt: at,
      breachedByMinutes: spanMinutes(dueBy, Date.parse(at)),
    });
    expect(spanMinutes(dueBy, Date.parse(at))).toBeGreaterThanOrEqual(19);
  });

  it('sorts the intake list by the clock nearest to breach', async () => {
    const other = await newClient('Sorting General', `SRT${suffix}`);
    const now = floorToMinute(Date.now());
    const routine = await orderedCase(other, order(now - 60 * MINUTE, 'routine'));
    const stat = await orderedCase(other, order(now - 30 * MINUTE, 'stat'));
    const none = await intake(other);
    const urgent = await orderedCase(other, order(now - 10 * MINUTE, 'urgent'));
    const list = await call(
      'GET',
      `${API_PATHS.caseStage('intake')}?clientId=${other}&sort=clockDueBy&order=ASC`,
      'tech1',
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect((list.body.data as CaseRow[]).map((row) => row.id)).toEqual([
      stat.id,
      urgent.id,
      routine.id,
      none.id,
    ]);
  });

  it('gives the month per client and priority exactly as counted by hand', async () => {
    const client = await newClient('Monthly General', `MON${suffix}`);
    await firstProtocol(client);
    const month = addMonths(monthIn('UTC', new Date()), -1);
    const at = (day: number, minutes: number) =>
      Date.parse(`${month}-${String(day).padStart(2, '0')}T08:00:00Z`) + minutes * MINUTE;
    const statMet = await orderedCase(client, order(at(10, 0), 'stat'), at(10, 45));
    await orderedCase(client, order(at(11, 0), 'stat'), at(11, 75));
    await orderedCase(client, order(at(12, 0), 'stat'), at(12, 50));
    await orderedCase(client, order(at(12, 0), 'urgent'), at(12, 200));
    await orderedCase(client, order(at(13, 0), 'routine'), at(13, 600));
    await orderedCase(client, order(at(14, 0), 'routine'));
    await intake(client);
    // A hookup log before the recording start is what meets the hookup: 45 → 40 minutes.
    await hookupLog(statMet.id, at(10, 40));
    // Hooked up 30 seconds past due: late by less than a grid minute, so on time (60 minutes).
    await orderedCase(client, order(at(16, 0), 'stat'), at(16, 60) + 30_000);
    // Cancelled before its hookup: an order of the month, but a clock it no longer owes.
    const cancelled = await orderedCase(client, order(at(15, 0), 'stat'));
    const cancel = await move(cancelled, 'closed', 'admin', 'Order cancelled by the ward');
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(201);
    const reviewed = await call('POST', API_PATHS.caseActions(statMet.id), 'reader1', { kind: 'reviewed' });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
    const reviewMinutes = spanMinutes(at(10, 40), Date.parse((reviewed.body.data as { at: string }).at));

    const reply = await call(
      'GET',
      `${API_PATHS.turnaround}?from=${month}&to=${month}&clientId=${client}`,
      'billing1',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((reply.body.data as { months: TurnaroundMonth[] }).months).toEqual([
      {
        clientId: client,
        clientName: 'Monthly General',
        month,
        orders: [
          {
            priority: 'stat',
            orders: 5,
            // 40, 50 and 60 met; 75 late: the median of 40, 50, 60 and 75.
            hookup: { measured: 4, met: 3, share: 3 / 4, medianMinutes: 55 },
            // Every review is late by now; the one that was made is the only interval.
            firstReview: { measured: 4, met: 0, share: 0, medianMinutes: reviewMinutes },
          },
          {
            priority: 'urgent',
            orders: 1,
            hookup: { measured: 1, met: 0, share: 0, medianMinutes: 200 },
            firstReview: { measured: 1, met: 0, share: 0, medianMinutes: null },
          },
          {
            priority: 'routine',
            orders: 2,
            hookup: { measured: 2, met: 1, share: 0.5, medianMinutes: 600 },
            firstReview: { measured: 1, met: 0, share: 0, medianMinutes: null },
          },
        ],
        calls: null,
      },
    ]);
    const empty = await call(
      'GET',
      `${API_PATHS.turnaround}?from=${addMonths(month, -3)}&to=${addMonths(month, -2)}&clientId=${client}`,
      'admin',
    );
    expect(empty.body.data).toEqual({ months: [] });
    expect((await call('GET', `${API_PATHS.turnaround}?from=${month}&to=${month}`, 'tech1')).status).toBe(
      403,
    );
    const bad = await call('GET', `${API_PATHS.turnaround}?from=2026-13&to=x`, 'admin');
    expect(bad.status).toBe(400);
  });
});
