import type { CaseStage, MonitoringLevel, PatientSex, StudyType } from '../../../contract/cases';

/** How the contract's codes read on screen, in the order the contract lists them. */

export const STAGE_LABELS: Record<CaseStage, string> = {
  intake: 'Intake',
  monitoring: 'Monitoring',
  preview: 'Preview',
  reviewed: 'Reviewed',
  closed: 'Closed',
};

export const STUDY_TYPE_LABELS: Record<StudyType, string> = {
  routine: 'Routine',
  'long-term': 'Long-term',
  ambulatory: 'Ambulatory',
  icu: 'ICU',
};

export const MONITORING_LEVEL_LABELS: Record<MonitoringLevel, string> = {
  unmonitored: 'Unmonitored',
  intermittent: 'Intermittent',
  continuous: 'Continuous',
};

export const SEX_LABELS: Record<PatientSex, string> = {
  M: 'Male',
  F: 'Female',
  X: 'X (other)',
  U: 'Unknown',
};

/** react-admin `choices` from a label table. */
export const choicesOf = <Code extends string>(labels: Record<Code, string>) =>
  (Object.entries(labels) as [Code, string][]).map(([id, name]) => ({ id, name }));
