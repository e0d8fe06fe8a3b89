import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Client } from '../../../contract/clients';
import { CLIENT_TABS, type ClientTab, clientPath } from './clientPaths';

/** The tab bar of a client's page; each tab is a link to its own URL. */
export const ClientTabs = ({ current }: { current: ClientTab }) => {
  const client = useRecordContext<Client>();
  if (!client) return null;
  return (
    <Tabs value={current} variant="scrollable" aria-label="Client sections">
      {CLIENT_TABS.map(({ tab, label }) => (
        <Tab key={tab} value={tab} label={label} component={Link} to={clientPath(client.id, tab)} />
      ))}
    </Tabs>
  );
};
