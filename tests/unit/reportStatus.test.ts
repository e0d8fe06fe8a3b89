import { describe, expect, it } from 'vitest';
import {
  isOpenReport,
  isReportOverdueAt,
  type NextReport,
  nextReportSchema,
  reportStatus,
} from '../../contract/reportsDue';

const at = (time: string) => `2026-03-14T${time}:00.000Z`;

describe('the status of a report owed (DESIGN §4 "Reading, reporting and billing")', () => {
  it('is due up to its due time inclusive, then overdue', () => {
    expect(reportStatus(Date.parse(at('14:00')), null, new Date(at('14:00')))).toBe('due');
    expect(reportStatus(Date.parse(at('14:00')), null, new Date('2026-03-14T14:00:00.001Z'))).toBe('overdue');
  });

  it('once signed, is on time when signed by its due time inclusive, late after, whatever the clock says', () => {
    expect(reportStatus(Date.parse(at('14:00')), at('14:00'), new Date(at('20:00')))).toBe('on-time');
    expect(reportStatus(Date.parse(at('14:00')), '2026-03-14T14:00:00.001Z', new Date(at('13:00')))).toBe(
      'late',
    );
  });

  it('waits for a signature only while due or overdue', () => {
    expect(isOpenReport('due')).toBe(true);
    expect(isOpenReport('overdue')).toBe(true);
    expect(isOpenReport('on-time')).toBe(false);
    expect(isOpenReport('late')).toBe(false);
  });

  it('turns overdue on the header as the clock passes its due time, or when the server said so', () => {
    const report: NextReport = {
      kind: 'prelim',
      periodStart: null,
      periodEnd: null,
      dueBy: at('14:00'),
      overdue: false,
      unbilled: false,
    };
    expect(nextReportSchema.parse(report)).toEqual(report);
    expect(isReportOverdueAt(report, new Date(at('14:00')))).toBe(false);
    expect(isReportOverdueAt(report, new Date('2026-03-14T14:00:00.001Z'))).toBe(true);
    expect(isReportOverdueAt({ ...report, overdue: true }, new Date(at('13:00')))).toBe(true);
  });
});
