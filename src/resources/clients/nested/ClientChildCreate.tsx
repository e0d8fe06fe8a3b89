import Typography from '@mui/material/Typography';
import { CanAccess, CreateBase, Loading, SimpleForm, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Client } from '../../../../contract/clients';
import { AccessDeniedRedirect } from '../../../customRoutes';
import { liveValidation } from '../../../forms/liveValidation';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';
import { clientChildResource, clientPath } from '../clientPaths';
import type { ClientChildFormProps } from './ClientChildEditDialog';

interface ClientChildCreateProps extends ClientChildFormProps {
  child: 'contacts' | 'useful-links';
  defaultValues?: Record<string, unknown>;
}

/**
 * The `/{tab}/create` page of a client's contacts or links (admin); saving goes back to the tab. The form
 * shows only once the role may create (a loader until that is known); anyone else goes to /unauthorized.
 */
export const ClientChildCreate = ({
  child,
  title,
  schema,
  inputs,
  defaultValues,
}: ClientChildCreateProps) => {
  const client = useRecordContext<Client>();
  const navigate = useNavigate();
  if (!client) return null;
  const back = clientPath(client.id, child);
  const resource = clientChildResource(client.id, child);
  return (
    <CanAccess
      resource={resource}
      action="create"
      loading={<Loading loadingPrimary="Checking access" loadingSecondary="" />}
      accessDenied={<AccessDeniedRedirect />}
    >
      <CreateBase resource={resource} redirect={() => back}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <SimpleForm
          defaultValues={defaultValues}
          {...liveValidation(schema)}
          toolbar={<SaveCancelToolbar onCancel={() => navigate(back)} />}
        >
          {inputs}
        </SimpleForm>
      </CreateBase>
    </CanAccess>
  );
};
