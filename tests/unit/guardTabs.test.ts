import { describe, expect, it } from 'vitest';
import { type CaseFacts, evaluateTransition, REQUIRED_PATIENT_FIELDS } from '../../server/domain/caseStages';
import { guardTab } from '../../src/resources/cases/page/guardTabs';

/** A case on which every guard is unmet, with one of each record in the plural. */
const NOTHING_DONE: CaseFacts = {
  missingPatientFields: [...REQUIRED_PATIENT_FIELDS],
  technologistCount: 0,
  recordingStartSet: false,
  recordingEndSet: false,
  openTimeLogCount: 2,
  hasSignedFinalInterpretation: false,
  draftInterpretations: ['the draft final interpretation of Mar 2, 08:00'],
  unsettledBillingNoteCount: 1,
};

const unmet = (from: 'intake' | 'monitoring' | 'preview' | 'reviewed', to: string, facts = NOTHING_DONE) =>
  evaluateTransition({ from, to: to as never, roles: ['admin'], facts }).unmet;

describe('each unmet guard points at the tab that puts it right', () => {
  it('maps the server’s own guard messages, as it words them, to their tabs', () => {
    expect(unmet('intake', 'monitoring').map(guardTab)).toEqual(['patient', 'details', 'details']);
    expect(unmet('monitoring', 'preview').map(guardTab)).toEqual(['details', 'time-logs']);
    expect(unmet('monitoring', 'preview', { ...NOTHING_DONE, openTimeLogCount: 1 }).map(guardTab)).toEqual([
      'details',
      'time-logs',
    ]);
    expect(unmet('preview', 'reviewed').map(guardTab)).toEqual(['interpretations', 'interpretations']);
    expect(unmet('reviewed', 'closed').map(guardTab)).toEqual(['billing-notes']);
    expect(
      unmet('reviewed', 'closed', { ...NOTHING_DONE, unsettledBillingNoteCount: 3 }).map(guardTab),
    ).toEqual(['billing-notes']);
  });

  it('gives no tab to a reason the move itself asks for', () => {
    expect(unmet('intake', 'closed').map(guardTab)).toEqual([undefined]);
  });
});
