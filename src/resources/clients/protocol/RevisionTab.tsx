import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess, useRecordContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { Client, RevisionKind } from '../../../../contract/clients';
import { RevisionDialog } from './RevisionDialog';
import { RevisionEditor } from './RevisionEditor';
import { RevisionHistory } from './RevisionHistory';
import { RevisionView } from './RevisionView';
import { KIND_LABELS, useCurrentRevision } from './useRevisions';

/**
 * The protocol tab (the rules, settings and text a case runs under) or the transfer-protocol tab (how a
 * case hands over between sites or shifts): the current revision, an editor that saves a new revision
 * (admin), and the history, where `?revision=N` opens an older revision read-only.
 */
export const RevisionTab = ({ kind }: { kind: RevisionKind }) => {
  const client = useRecordContext<Client>();
  const clientId = client?.id ?? 0;
  const { canAccess: canEdit, isPending: isAccessPending } = useCanAccess({ action: 'edit' });
  const current = useCurrentRevision(clientId, kind);
  const [editing, setEditing] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const opened = Number(searchParams.get('revision'));
  const label = KIND_LABELS[kind];

  if (current.error) return <Alert severity="error">{current.error.message}</Alert>;
  if (!client || current.isPending || isAccessPending) return <LinearProgress />;
  return (
    <Stack spacing={3}>
      {editing ? (
        <RevisionEditor kind={kind} current={current.data} onClose={() => setEditing(false)} />
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {current.data ? label : `No ${label.toLowerCase()} yet`}
            </Typography>
            {canEdit && (
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {current.data ? `Edit ${label.toLowerCase()}` : `Write the ${label.toLowerCase()}`}
              </Button>
            )}
          </Stack>
          {current.data && <RevisionView revision={current.data} />}
        </Stack>
      )}
      <RevisionHistory clientId={clientId} kind={kind} />
      {opened > 0 && (
        <RevisionDialog
          clientId={clientId}
          kind={kind}
          revision={opened}
          onClose={() => setSearchParams({})}
        />
      )}
    </Stack>
  );
};
