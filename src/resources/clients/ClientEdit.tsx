import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Loading, ShowBase, Title, useRecordContext } from 'react-admin';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { Client } from '../../../contract/clients';
import { NotFoundPage } from '../../customRoutes';
import { ClientDetails } from './ClientDetails';
import { ClientTabs } from './ClientTabs';
import { ClientCases } from './cases/ClientCases';
import { isClientTab } from './clientPaths';
import { ContactCreate } from './contacts/ContactCreate';
import { ContactsTab } from './contacts/ContactsTab';
import { ProtocolTab, TransferProtocolTab } from './protocol/RevisionTabs';
import { UsefulLinkCreate } from './usefulLinks/UsefulLinkCreate';
import { UsefulLinksTab } from './usefulLinks/UsefulLinksTab';

const ClientHeading = () => {
  const client = useRecordContext<Client>();
  if (!client) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
      <Title title={client.name} />
      <Typography variant="h5" component="h1">
        {client.name}
      </Typography>
      <Chip label={client.code} size="small" />
      {!client.isEnabled && <Chip label="Disabled" size="small" color="warning" />}
    </Stack>
  );
};

/**
 * A client's page, `/continuous-monitoring/clients/{clientId}/{tab}` (react-admin's edit route `:id/*`):
 * the tab comes from the URL, so each tab is reload-safe; `{clientId}` alone opens the details tab.
 */
export const ClientEdit = () => {
  const tab = useParams()['*']?.split('/')[0] || undefined;
  if (tab !== undefined && !isClientTab(tab)) return <NotFoundPage />;
  return (
    <ShowBase loading={<Loading />}>
      <ClientHeading />
      {tab && <ClientTabs current={tab} />}
      <Card>
        <CardContent>
          <Routes>
            <Route index element={<Navigate to="details" replace />} />
            <Route path="details" element={<ClientDetails />} />
            <Route path="protocol" element={<ProtocolTab />} />
            <Route path="transfer-protocol" element={<TransferProtocolTab />} />
            <Route path="contacts" element={<ContactsTab />} />
            <Route path="contacts/create" element={<ContactCreate />} />
            <Route path="useful-links" element={<UsefulLinksTab />} />
            <Route path="useful-links/create" element={<UsefulLinkCreate />} />
            <Route path="cases" element={<ClientCases />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </CardContent>
      </Card>
    </ShowBase>
  );
};
