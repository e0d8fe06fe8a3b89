import type { CaseRow, Technologist } from '../../contract/cases';
import type { Clock, ClockCase } from '../../contract/turnaround';

/** Builders of the Cases API's records for stories and tests: sensible defaults, overridable. */

const CREATED_AT = '2026-03-02T08:00:00.000Z';

export const buildCaseRow = (overrides: Partial<CaseRow> = {}): CaseRow => ({
  id: 1,
  caseNumber: 'NSG-2026-0001',
  clientId: 1,
  clientName: 'Northside General Hospital',
  clientTimeZone: 'America/New_York',
  stage: 'monitoring',
  studyType: 'long-term',
  hasVideo: true,
  monitoringLevel: 'continuous',
  patientName: 'Okafor, Grace',
  mrn: 'MRN-100234',
  recordingStart: '2026-03-02T09:30:00.000Z',
  recordingEnd: null,
  technologists: ['priya'],
  reader: null,
  overdue: false,
  order: null,
  clocks: [],
  version: 1,
  createdAt: CREATED_AT,
  updatedAt: '2026-03-02T10:15:00.000Z',
  ...overrides,
});

/** A technologist with no active case; the fake API counts their load from the cases it holds. */
export const buildTechnologist = (overrides: Partial<Technologist> = {}): Technologist => ({
  username: 'priya',
  name: 'Priya Raman',
  active: { continuous: 0, intermittent: 0, unmonitored: 0 },
  ...overrides,
});

/** A board row with a running clock (a stat order waiting for hookup unless overridden). */
export const buildClockCase = (nearest: Clock, overrides: Partial<ClockCase> = {}): ClockCase => ({
  id: 120,
  caseNumber: 'NSG-2026-0051',
  stage: 'intake',
  clientName: 'Northside General Hospital',
  clientTimeZone: 'America/New_York',
  patientName: 'Silva, Lucia',
  priority: 'stat',
  nearest,
  clocks: [nearest],
  ...overrides,
});
