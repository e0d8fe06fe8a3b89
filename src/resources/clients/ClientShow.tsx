import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CanAccess, ShowBase, Title, useCanAccess, useRecordContext } from 'react-admin';
import { Link, Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { Client } from '../../../contract/clients';
import { NotFoundPage } from '../../customRoutes';
import { PageMessage } from '../../customRoutes/PageMessage';
import { KEEP_ERROR_ON_PAGE, ShowReadError } from '../../customRoutes/RetryAlert';
import { PageLoading } from '../../layout/PageLoading';
import { ClientDetails } from './ClientDetails';
import { ClientCases } from './cases/ClientCases';
import { CLIENT_TABS, type ClientTab, clientPath, isClientTab } from './clientPaths';
import { ContactCreate, ContactsTab } from './contacts/ContactsTab';
import { InterfaceTab } from './interface/InterfaceTab';
import { RevisionTab } from './protocol/RevisionTab';
import { UsefulLinkCreate, UsefulLinksTab } from './usefulLinks/UsefulLinksTab';

/** The client's name, code and state, then the tab bar, where each tab is a link to its own URL. */
const ClientHeader = ({ current }: { current?: ClientTab }) => {
  const client = useRecordContext<Client>();
  const interfaces = useCanAccess({ resource: 'interfaces', action: 'show' });
  if (!client) return null;
  const tabs = CLIENT_TABS.filter(({ tab }) => tab !== 'interface' || interfaces.canAccess);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
        <Title title={client.name} />
        <Typography variant="h5" component="h1">
          {client.name}
        </Typography>
        <Chip label={client.code} size="small" />
        {!client.isEnabled && <Chip label="Disabled" size="small" color="warning" />}
      </Stack>
      {current && (
        <Tabs value={current} variant="scrollable" aria-label="Client sections">
          {tabs.map(({ tab, label }) => (
            <Tab key={tab} value={tab} label={label} component={Link} to={clientPath(client.id, tab)} />
          ))}
        </Tabs>
      )}
    </>
  );
};

/** No client by the id in the URL. */
const ClientNotFound = () => {
  const { id } = useParams();
  return (
    <PageMessage title="Client not found">
      <Typography>There is no client with id {id}.</Typography>
    </PageMessage>
  );
};

const CLIENT_READ_ERROR = <ShowReadError title="Client" what="The client" notFound={<ClientNotFound />} />;

/**
 * A client's page, `/continuous-monitoring/clients/{clientId}/{tab}` (react-admin's edit route `:id/*`):
 * the tab comes from the URL, so each tab is reload-safe; `{clientId}` alone opens the details tab.
 */
export const ClientShow = () => {
  const tab = useParams()['*']?.split('/')[0] || undefined;
  if (tab !== undefined && !isClientTab(tab)) return <NotFoundPage />;
  return (
    <ShowBase
      loading={<PageLoading title="Client" />}
      error={CLIENT_READ_ERROR}
      queryOptions={KEEP_ERROR_ON_PAGE}
    >
      <ClientHeader current={tab} />
      <Card>
        <CardContent>
          <Routes>
            <Route index element={<Navigate to="details" replace />} />
            <Route path="details" element={<ClientDetails />} />
            <Route path="protocol" element={<RevisionTab kind="protocol" />} />
            <Route path="transfer-protocol" element={<RevisionTab kind="transfer" />} />
            <Route path="contacts" element={<ContactsTab />} />
            <Route path="contacts/create" element={<ContactCreate />} />
            <Route path="useful-links" element={<UsefulLinksTab />} />
            <Route path="useful-links/create" element={<UsefulLinkCreate />} />
            <Route path="cases" element={<ClientCases />} />
            <Route
              path="interface"
              element={
                <CanAccess resource="interfaces" action="show" accessDenied={<NotFoundPage />}>
                  <InterfaceTab />
                </CanAccess>
              }
            />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </CardContent>
      </Card>
    </ShowBase>
  );
};
