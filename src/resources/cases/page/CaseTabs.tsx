import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router-dom';
import type { CaseDetails } from '../../../../contract/cases';
import { casePagePath } from '../../../../contract/paths';
import { PatientTab } from '../patient/PatientTab';
import { CaseRecordTab, TimeLogTab } from '../records/CaseRecordTab';
import { ActivityTab } from './ActivityTab';
import { CASE_TABS, type CaseTab } from './casePageTabs';
import { DetailsTab } from './DetailsTab';
import { ProtocolTab } from './ProtocolTab';

/** The tab bar; each tab is a link to its own URL under the case's stage. */
export const CaseTabBar = ({ details, current }: { details: CaseDetails; current: CaseTab }) => (
  <Tabs
    value={current}
    variant="scrollable"
    scrollButtons="auto"
    allowScrollButtonsMobile
    aria-label="Case sections"
    // Ten tabs: sized by the page, not by the tabs, they scroll in a narrow window instead of widening it.
    sx={{ width: 0, minWidth: '100%', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
  >
    {CASE_TABS.map(({ tab, label }) => (
      <Tab
        key={tab}
        value={tab}
        label={label}
        component={Link}
        to={casePagePath(details.stage, details.id, tab)}
      />
    ))}
  </Tabs>
);

/** What the tab shows. */
export const CaseTabContent = ({ details, tab }: { details: CaseDetails; tab: CaseTab }) => {
  switch (tab) {
    case 'details':
      return <DetailsTab details={details} />;
    case 'activity':
      return <ActivityTab details={details} />;
    case 'protocol':
      return <ProtocolTab details={details} />;
    case 'events':
    case 'impedances':
    case 'case-notes':
    case 'interpretations':
    case 'billing-notes':
      return <CaseRecordTab details={details} kind={tab} />;
    case 'time-logs':
      return <TimeLogTab details={details} />;
    case 'patient':
      return <PatientTab details={details} />;
  }
};
