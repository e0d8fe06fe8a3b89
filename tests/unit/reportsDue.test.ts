// @vitest-environment node
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  caseNextReport,
  nextOpenReport,
  openReportsOf,
  overdueReportCounts,
  type ReportsDueInput,
  reportMonths,
  reportsDue,
} from '../../server/domain/reportsDue';

const HOUR = 3_600_000;
const NEW_YORK = 'America/New_York';
const PROPERTY = { seed: 20261125, numRuns: 300 };

const local = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new TZDate(year, month - 1, day, hour, minute, NEW_YORK).toISOString();
const iso = (instant: string) => new Date(instant).toISOString();
const plusHours = (instant: string, hours: number) =>
  new Date(Date.parse(instant) + hours * HOUR).toISOString();

/** A 3-day study in New York: Nov 10 09:00 → Nov 13 09:00 local, read on a 24-hour turnaround. */
const threeDays: ReportsDueInput = {
  recordingStart: local(2026, 11, 10, 9),
  recordingEnd: local(2026, 11, 13, 9),
  timeZone: NEW_YORK,
  billingPeriodStart: '00:00',
  turnaroundHours: 24,
  cancelled: false,
  signed: [],
};
const later = new Date(local(2026, 12, 1));

describe('reports due', () => {
  it('owes a 3-day study a preliminary, a daily report per full local day and a final, each judged', () => {
    const signed = [
      { kind: 'prelim', periodStart: null, periodEnd: null, signedAt: local(2026, 11, 10, 20) },
      // Written for Nov 11 (as the reader read it, 00:00 → 23:59): on time.
      {
        kind: 'daily',
        periodStart: local(2026, 11, 11),
        periodEnd: local(2026, 11, 11, 23, 59),
        signedAt: local(2026, 11, 12, 8),
      },
      // Nov 12's, signed after its due time.
      {
        kind: 'daily',
        periodStart: local(2026, 11, 12),
        periodEnd: local(2026, 11, 13),
        signedAt: local(2026, 11, 14, 1),
      },
      { kind: 'addendum', periodStart: null, periodEnd: null, signedAt: local(2026, 11, 12, 9) },
    ];
    const reports = reportsDue({ ...threeDays, signed }, later);
    expect(
      reports.map(({ kind, periodStart, periodEnd, dueBy, status }) => ({
        kind,
        periodStart,
        periodEnd,
        dueBy,
        status,
      })),
    ).toEqual([
      {
        kind: 'prelim',
        periodStart: null,
        periodEnd: null,
        dueBy: iso(local(2026, 11, 11, 9)),
        status: 'on-time',
      },
      {
        kind: 'daily',
        periodStart: iso(local(2026, 11, 11)),
        periodEnd: iso(local(2026, 11, 12)),
        dueBy: iso(local(2026, 11, 13)),
        status: 'on-time',
      },
      {
        kind: 'daily',
        periodStart: iso(local(2026, 11, 12)),
        periodEnd: iso(local(2026, 11, 13)),
        dueBy: iso(local(2026, 11, 14)),
        status: 'late',
      },
      {
        kind: 'final',
        periodStart: null,
        periodEnd: null,
        dueBy: iso(local(2026, 11, 14, 9)),
        status: 'overdue',
      },
    ]);
    expect(reports[2]?.signedAt).toBe(local(2026, 11, 14, 1));
  });

  it('owes the same study three daily reports under 24-hour periods from the recording start', () => {
    const reports = reportsDue({ ...threeDays, billingPeriodStart: 'recording-start' }, later);
    expect(reports.map((report) => `${report.kind} ${report.dueBy}`)).toEqual([
      `prelim ${iso(local(2026, 11, 11, 9))}`,
      `daily ${iso(local(2026, 11, 12, 9))}`,
      `daily ${iso(local(2026, 11, 13, 9))}`,
      `daily ${iso(local(2026, 11, 14, 9))}`,
      `final ${iso(local(2026, 11, 14, 9))}`,
    ]);
  });

  it('owes a 10-hour study across midnight a preliminary and a final, no daily report', () => {
    const study = {
      ...threeDays,
      recordingStart: local(2026, 11, 10, 20),
      recordingEnd: local(2026, 11, 11, 6),
    };
    for (const billingPeriodStart of ['00:00', 'recording-start'])
      expect(reportsDue({ ...study, billingPeriodStart }, later).map((report) => report.kind)).toEqual([
        'prelim',
        'final',
      ]);
  });

  it('owes nothing for a cancelled case or before the recording starts', () => {
    expect(reportsDue({ ...threeDays, cancelled: true }, later)).toEqual([]);
    expect(reportsDue({ ...threeDays, recordingStart: null, recordingEnd: null }, later)).toEqual([]);
  });

  it('owes a running study the daily reports of the days it has covered whole so far, and no final yet', () => {
    const now = new Date(local(2026, 11, 12, 10));
    const reports = reportsDue({ ...threeDays, recordingEnd: null }, now);
    expect(reports.map(({ kind, dueBy, status }) => ({ kind, dueBy, status }))).toEqual([
      { kind: 'prelim', dueBy: iso(local(2026, 11, 11, 9)), status: 'overdue' },
      { kind: 'daily', dueBy: iso(local(2026, 11, 13)), status: 'due' },
    ]);
  });

  it('keeps a daily period to local midnight across the autumn change (25 hours), due a turnaround after', () => {
    const study = {
      ...threeDays,
      recordingStart: local(2026, 10, 31, 12),
      recordingEnd: local(2026, 11, 3, 12),
      turnaroundHours: 12,
    };
    const dailies = reportsDue(study, later).filter((report) => report.kind === 'daily');
    expect(dailies.map(({ periodStart, periodEnd, dueBy }) => ({ periodStart, periodEnd, dueBy }))).toEqual([
      {
        periodStart: '2026-11-01T04:00:00.000Z',
        periodEnd: '2026-11-02T05:00:00.000Z',
        dueBy: iso(local(2026, 11, 2, 12)),
      },
      {
        periodStart: '2026-11-02T05:00:00.000Z',
        periodEnd: '2026-11-03T05:00:00.000Z',
        dueBy: iso(local(2026, 11, 3, 12)),
      },
    ]);
  });

  it('counts a report signed exactly at its due time as on time, and the earliest of two signatures', () => {
    const dueBy = plusHours(threeDays.recordingStart as string, 24);
    const signed = [
      { kind: 'prelim', periodStart: null, periodEnd: null, signedAt: plusHours(dueBy, 3) },
      { kind: 'prelim', periodStart: null, periodEnd: null, signedAt: dueBy },
    ];
    expect(reportsDue({ ...threeDays, signed }, later)[0]).toMatchObject({
      signedAt: dueBy,
      status: 'on-time',
    });
    // Whichever of the two is listed first.
    expect(reportsDue({ ...threeDays, signed: signed.toReversed() }, later)[0]).toMatchObject({
      signedAt: dueBy,
      status: 'on-time',
    });
  });
});

describe('reports due, for any study', () => {
  const zones = fc.constantFrom(NEW_YORK, 'Europe/London', 'UTC', 'Asia/Kolkata', 'Australia/Sydney');
  const starts = fc.constantFrom('recording-start', '00:00', '07:00', '23:30');
  const studies = fc
    .tuple(
      fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
      fc.integer({ min: 1, max: 10 * 24 * 60 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 168 }),
      fc.integer({ min: -5 * 24 * 60, max: 15 * 24 * 60 }),
    )
    .map(([start, minutes, ended, turnaroundHours, nowAfterStart]) => ({
      recordingStart: new Date(start).toISOString(),
      recordingEnd: ended ? new Date(start + minutes * 60_000).toISOString() : null,
      turnaroundHours,
      now: new Date(start + nowAfterStart * 60_000),
    }));

  it('owes one preliminary, daily reports for whole periods inside the recording, and a final once it ended', () => {
    fc.assert(
      fc.property(zones, starts, studies, (timeZone, billingPeriodStart, { now, ...study }) => {
        const reports = reportsDue(
          { ...study, timeZone, billingPeriodStart, cancelled: false, signed: [] },
          now,
        );
        const start = Date.parse(study.recordingStart);
        const end = study.recordingEnd ? Date.parse(study.recordingEnd) : Math.max(start, now.getTime());
        expect(reports.filter((report) => report.kind === 'prelim')).toHaveLength(1);
        expect(reports.filter((report) => report.kind === 'final')).toHaveLength(study.recordingEnd ? 1 : 0);
        for (const report of reports) {
          expect(report.status).toBe(now.getTime() <= Date.parse(report.dueBy) ? 'due' : 'overdue');
          if (report.kind !== 'daily') continue;
          const periodStart = Date.parse(report.periodStart as string);
          const periodEnd = Date.parse(report.periodEnd as string);
          expect(periodStart).toBeGreaterThanOrEqual(start);
          expect(periodEnd).toBeLessThanOrEqual(end);
          expect(end - start).toBeGreaterThan((periodEnd - periodStart) / 2);
          expect(Date.parse(report.dueBy)).toBe(periodEnd + study.turnaroundHours * HOUR);
        }
        const dues = reports.map((report) => report.dueBy);
        expect(dues).toEqual(dues.toSorted());
      }),
      PROPERTY,
    );
  });

  it('judges every report on time once each is signed at its due time, for its own period', () => {
    fc.assert(
      fc.property(zones, starts, studies, (timeZone, billingPeriodStart, { now, ...study }) => {
        const input = { ...study, timeZone, billingPeriodStart, cancelled: false, signed: [] };
        const owed = reportsDue(input, now);
        const signed = owed.map((report) => ({ ...report, signedAt: report.dueBy }));
        const judged = reportsDue({ ...input, signed }, now);
        expect(judged.map((report) => report.status)).toEqual(owed.map(() => 'on-time'));
      }),
      PROPERTY,
    );
  });

  it('counts for the board exactly the reports it lists overdue, whichever of them are signed and when', () => {
    fc.assert(
      fc.property(
        zones,
        starts,
        studies,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: -48, max: 48 })), { maxLength: 4 }),
        (timeZone, billingPeriodStart, { now, ...study }, signings) => {
          const input = { ...study, timeZone, billingPeriodStart, cancelled: false, signed: [] };
          const owed = reportsDue(input, now);
          // Some of the reports owed signed some hours either side of their due time (a final among them, at times).
          const signed = signings.flatMap(([pick, hours]) => {
            const report = owed[pick % Math.max(owed.length, 1)];
            return report ? [{ ...report, signedAt: plusHours(report.dueBy, hours) }] : [];
          });
          const judged = { ...input, signed };
          const overdue = reportsDue(judged, now).filter((report) => report.status === 'overdue').length;
          expect(overdueReportCounts([{ caseId: 1, input: judged }], now).get(1) ?? 0).toBe(overdue);
        },
      ),
      PROPERTY,
    );
  });
});

describe('the reports still owed, as the header, the home page and the reports page show them', () => {
  /** Nov 13 12:00 in New York: the preliminary and Nov 11's daily are overdue, Nov 12's and the final due. */
  const noon = new Date(local(2026, 11, 13, 12));
  const prelimOnTime = {
    kind: 'prelim',
    periodStart: null,
    periodEnd: null,
    signedAt: local(2026, 11, 10, 20),
  };
  /** A daily written with one end only: Nov 11's by its end (midnight), Nov 12's by its start (midnight). */
  const nov11ByEnd = {
    kind: 'daily',
    periodStart: null,
    periodEnd: local(2026, 11, 12),
    signedAt: local(2026, 11, 13, 10),
  };
  const nov12ByStart = {
    kind: 'daily',
    periodStart: local(2026, 11, 12),
    periodEnd: null,
    signedAt: local(2026, 11, 13, 9),
  };

  it('heads the case with the soonest-due report still unsigned, or none', () => {
    expect(nextOpenReport(reportsDue(threeDays, noon))).toEqual({
      kind: 'prelim',
      periodStart: null,
      periodEnd: null,
      dueBy: iso(local(2026, 11, 11, 9)),
      overdue: true,
      unbilled: false,
    });
    expect(nextOpenReport(reportsDue({ ...threeDays, signed: [prelimOnTime] }, noon))).toEqual({
      kind: 'daily',
      periodStart: iso(local(2026, 11, 11)),
      periodEnd: iso(local(2026, 11, 12)),
      dueBy: iso(local(2026, 11, 13)),
      overdue: true,
      unbilled: true,
    });
    expect(nextOpenReport(reportsDue({ ...threeDays, signed: [prelimOnTime, nov11ByEnd] }, noon))).toEqual({
      kind: 'daily',
      periodStart: iso(local(2026, 11, 12)),
      periodEnd: iso(local(2026, 11, 13)),
      dueBy: iso(local(2026, 11, 14)),
      overdue: false,
      unbilled: true,
    });
    const final = { kind: 'final', periodStart: null, periodEnd: null, signedAt: local(2026, 11, 13, 11) };
    const everySigned = [prelimOnTime, nov11ByEnd, nov12ByStart, final];
    expect(nextOpenReport(reportsDue({ ...threeDays, signed: everySigned }, noon))).toBeNull();
  });

  it('marks an open report whose period no signed daily or final covers: it leaves that period unbilled', () => {
    const nov11 = { kind: 'daily', periodStart: local(2026, 11, 11), periodEnd: local(2026, 11, 12) };
    const nov12 = { kind: 'daily', periodStart: local(2026, 11, 12), periodEnd: local(2026, 11, 13) };
    const unbilled = (signed: ReportsDueInput['signed']) =>
      reportsDue({ ...threeDays, signed }, later)
        .filter((report) => report.unbilled)
        .map((report) => `${report.kind} ${report.periodStart ?? ''}`.trim());
    // Nothing signed: both days' daily reports and the final (for the partial first and last days).
    expect(unbilled([])).toEqual([
      `daily ${iso(local(2026, 11, 11))}`,
      `daily ${iso(local(2026, 11, 12))}`,
      'final',
    ]);
    // Both days signed: the final still leaves the partial first (15 h) and last (9 h) days unbilled.
    const days = [nov11, nov12].map((daily) => ({ ...daily, signedAt: local(2026, 11, 14) }));
    expect(unbilled(days)).toEqual(['final']);
    // A daily covering the last partial day and one written across the first one: the final bills nothing more.
    const partials = [
      {
        kind: 'daily',
        periodStart: local(2026, 11, 10, 9),
        periodEnd: local(2026, 11, 10, 23),
        signedAt: later.toISOString(),
      },
      {
        kind: 'daily',
        periodStart: local(2026, 11, 13),
        periodEnd: local(2026, 11, 13, 9),
        signedAt: later.toISOString(),
      },
    ];
    expect(unbilled([...days, ...partials])).toEqual([]);
    // A signed final covers every period: the daily reports it replaced stay owed, no longer unbilled.
    const final = { kind: 'final', periodStart: null, periodEnd: null, signedAt: local(2026, 11, 14) };
    expect(unbilled([final])).toEqual([]);
    // A preliminary or an addendum covers nothing.
    const prelim = { kind: 'prelim', periodStart: null, periodEnd: null, signedAt: local(2026, 11, 10, 20) };
    const addendum = { ...prelim, kind: 'addendum' };
    expect(unbilled([prelim, addendum])).toHaveLength(3);
  });

  it('gives a daily the day its middle falls in, and nothing to a day its period lies before', () => {
    const evening = {
      kind: 'daily',
      periodStart: local(2026, 11, 10, 20),
      periodEnd: local(2026, 11, 11, 20),
      signedAt: local(2026, 11, 12, 6),
    };
    const firstDay = {
      kind: 'daily',
      periodStart: local(2026, 11, 10, 9),
      periodEnd: local(2026, 11, 10, 23, 59),
      signedAt: local(2026, 11, 11, 6),
    };
    const signedAt = reportsDue({ ...threeDays, signed: [evening, firstDay] }, noon).map(
      (report) => report.signedAt,
    );
    expect(signedAt).toEqual([null, evening.signedAt, null, null]);
  });

  it('owes no daily report for a study of one billing period, even a whole one, and one per period of two', () => {
    const oneDay = { ...threeDays, recordingStart: local(2026, 11, 10), recordingEnd: local(2026, 11, 11) };
    expect(reportsDue(oneDay, later).map((report) => report.kind)).toEqual(['prelim', 'final']);
    const twoDays = { ...threeDays, recordingStart: local(2026, 11, 10), recordingEnd: local(2026, 11, 12) };
    expect(reportsDue(twoDays, later).map((report) => report.kind)).toEqual([
      'prelim',
      'daily',
      'daily',
      'final',
    ]);
  });

  it('gives a daily written with one end the day that end speaks for, the end itself excluded', () => {
    const statuses = reportsDue({ ...threeDays, signed: [nov11ByEnd, nov12ByStart] }, noon).map((report) => [
      report.kind,
      report.signedAt,
    ]);
    expect(statuses).toEqual([
      ['prelim', null],
      ['daily', nov11ByEnd.signedAt],
      ['daily', nov12ByStart.signedAt],
      ['final', null],
    ]);
  });

  it('lists every case’s open reports soonest due first, with the case and its zone', () => {
    const running = { ...threeDays, recordingStart: local(2026, 11, 12, 9), recordingEnd: null };
    const open = openReportsOf(
      [
        { id: 7, input: { ...threeDays, signed: [prelimOnTime] } },
        { id: 8, input: running },
      ],
      noon,
    );
    expect(open.map(({ id, timeZone, report }) => [id, timeZone, report.kind, report.dueBy])).toEqual([
      [7, NEW_YORK, 'daily', iso(local(2026, 11, 13))],
      [8, NEW_YORK, 'prelim', iso(local(2026, 11, 13, 9))],
      [7, NEW_YORK, 'daily', iso(local(2026, 11, 14))],
      [7, NEW_YORK, 'final', iso(local(2026, 11, 14, 9))],
    ]);
  });

  it('counts each case’s overdue reports, leaving out cases with none', () => {
    const counts = overdueReportCounts(
      [
        { caseId: 1, input: threeDays },
        { caseId: 2, input: { ...threeDays, signed: [prelimOnTime] } },
        { caseId: 3, input: { ...threeDays, cancelled: true } },
        { caseId: 4, input: { ...threeDays, signed: [prelimOnTime, nov11ByEnd] } },
      ],
      noon,
    );
    expect([...counts]).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('tallies each client’s reports in the month each is due, in the client’s zone', () => {
    // Nov 11's daily signed after its due time (Nov 13 00:00): late.
    const months = reportMonths(
      [
        { clientId: 1, input: { ...threeDays, signed: [prelimOnTime, nov11ByEnd] } },
        // A 6-hour study on Nov 30 from 20:00: both reports fall due on Dec 1, in December.
        {
          clientId: 1,
          input: {
            ...threeDays,
            recordingStart: local(2026, 11, 30, 20),
            recordingEnd: local(2026, 12, 1, 2),
          },
        },
      ],
      noon,
    );
    expect(months).toEqual([
      {
        clientId: 1,
        month: '2026-11',
        due: 2,
        onTime: 1,
        late: 1,
        overdue: 0,
        pending: 2,
        onTimePercent: 50,
      },
      {
        clientId: 1,
        month: '2026-12',
        due: 0,
        onTime: 0,
        late: 0,
        overdue: 0,
        pending: 2,
        onTimePercent: null,
      },
    ]);
  });
});

describe('once the final is signed (DESIGN §4 "Reports due", round three)', () => {
  const prelim = { kind: 'prelim', periodStart: null, periodEnd: null, signedAt: local(2026, 11, 10, 20) };
  /** Signed Nov 13 12:00: after Nov 11's daily fell due (Nov 13 00:00), before Nov 12's (Nov 14 00:00). */
  const final = { kind: 'final', periodStart: null, periodEnd: null, signedAt: local(2026, 11, 13, 12) };
  const reported = { ...threeDays, signed: [prelim, final] };
  const judged = (input: ReportsDueInput, now: Date) =>
    reportsDue(input, now).map(({ kind, periodStart, status }) => ({ kind, periodStart, status }));

  it('counts a daily it found past due as missed and owes none it spoke for before it fell due', () => {
    expect(judged(reported, later)).toEqual([
      { kind: 'prelim', periodStart: null, status: 'on-time' },
      { kind: 'daily', periodStart: iso(local(2026, 11, 11)), status: 'missed' },
      { kind: 'final', periodStart: null, status: 'on-time' },
    ]);
    // The preliminary too, when the final finds it unsigned and past due.
    expect(judged({ ...threeDays, signed: [final] }, later)[0]).toEqual({
      kind: 'prelim',
      periodStart: null,
      status: 'missed',
    });
  });

  it('owes no report falling due at the very moment the final is signed', () => {
    // Nov 11's daily falls due Nov 13 00:00: a final signed then spoke for it in time.
    const atDue = { ...final, signedAt: local(2026, 11, 13) };
    expect(judged({ ...threeDays, signed: [prelim, atDue] }, later)).toEqual([
      { kind: 'prelim', periodStart: null, status: 'on-time' },
      { kind: 'final', periodStart: null, status: 'on-time' },
    ]);
  });

  it('still judges a daily signed after the final by its own due time', () => {
    const nov12Late = {
      kind: 'daily',
      periodStart: local(2026, 11, 12),
      periodEnd: local(2026, 11, 13),
      signedAt: local(2026, 11, 14, 1),
    };
    expect(judged({ ...reported, signed: [prelim, final, nov12Late] }, later)).toContainEqual({
      kind: 'daily',
      periodStart: iso(local(2026, 11, 12)),
      status: 'late',
    });
  });

  it('leaves nothing due on the reader’s home, the header or the board', () => {
    expect(openReportsOf([{ caseId: 1, input: reported }], later)).toEqual([]);
    expect(nextOpenReport(reportsDue(reported, later))).toBeNull();
    expect([...overdueReportCounts([{ caseId: 1, input: reported }], later)]).toEqual([]);
  });

  it('counts the missed daily as not on time in the share', () => {
    expect(reportMonths([{ clientId: 1, input: reported }], later)).toEqual([
      {
        clientId: 1,
        month: '2026-11',
        due: 3,
        onTime: 2,
        late: 0,
        overdue: 1,
        pending: 0,
        onTimePercent: 66.7,
      },
    ]);
  });

  it('leaves no report open for any study once its final is signed, and every unsigned one missed before it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 60, max: 10 * 24 * 60 }),
        fc.integer({ min: 1, max: 168 }),
        fc.integer({ min: 0, max: 10 * 24 * 60 }),
        (start, minutes, turnaroundHours, signedAfterEnd) => {
          const end = start + minutes * 60_000;
          const signedAt = new Date(end + signedAfterEnd * 60_000).toISOString();
          const input: ReportsDueInput = {
            ...threeDays,
            recordingStart: new Date(start).toISOString(),
            recordingEnd: new Date(end).toISOString(),
            turnaroundHours,
            signed: [{ kind: 'final', periodStart: null, periodEnd: null, signedAt }],
          };
          for (const report of reportsDue(input, new Date(Date.parse(signedAt) + 30 * 24 * HOUR))) {
            expect(['on-time', 'late', 'missed']).toContain(report.status);
            if (report.status === 'missed') expect(report.dueBy < signedAt).toBe(true);
          }
        },
      ),
      PROPERTY,
    );
  });
});

describe('the case header’s next report', () => {
  const noon = new Date(local(2026, 11, 13, 12));

  it('is the soonest open report of a case not closed, none once the case is closed or before it records', () => {
    expect(caseNextReport('preview', threeDays, noon)).toEqual(nextOpenReport(reportsDue(threeDays, noon)));
    expect(caseNextReport('preview', threeDays, noon)).not.toBeNull();
    expect(caseNextReport('closed', threeDays, noon)).toBeNull();
    expect(caseNextReport('monitoring', undefined, noon)).toBeNull();
  });
});
