import { matchPath, useLocation } from 'react-router-dom';
import { API_PATHS } from '../../../../contract/paths';

/** The tabs of a case's page, each its own URL `/continuous-monitoring/cases/{stage}/{caseId}/{tab}`. */
export const CASE_TABS = [
  { tab: 'details', label: 'Details' },
  { tab: 'patient', label: 'Patient' },
  { tab: 'events', label: 'Events' },
  { tab: 'impedances', label: 'Impedances' },
  { tab: 'time-logs', label: 'Time logs' },
  { tab: 'case-notes', label: 'Case notes' },
  { tab: 'interpretations', label: 'Interpretations' },
  { tab: 'billing-notes', label: 'Billing notes' },
  { tab: 'activity', label: 'Activity' },
  { tab: 'protocol', label: 'Protocol' },
] as const;
export type CaseTab = (typeof CASE_TABS)[number]['tab'];

export const isCaseTab = (value: string | undefined): value is CaseTab =>
  CASE_TABS.some(({ tab }) => tab === value);

const CASE_PAGE_PATTERN = `${API_PATHS.caseStage(':stage')}/:caseId/*`;

/** The stage, case id and tab (`undefined` when the URL names none) of the case page's URL. */
export function useCasePageParams() {
  const { pathname } = useLocation();
  const params = matchPath(CASE_PAGE_PATTERN, pathname)?.params ?? {};
  return { stage: params.stage ?? '', caseId: params.caseId ?? '', tab: params['*'] || undefined };
}
