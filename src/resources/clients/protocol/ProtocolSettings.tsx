import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProtocolRevision } from '../../../../contract/clients';
import { useClientContacts } from '../contacts/useClientContacts';
import { TurnaroundTargetTable } from './TurnaroundTargets';

const Setting = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0 }}>
      {value}
    </Typography>
  </div>
);

/** The monitoring settings and notification rules of a protocol revision, contacts by name. */
export const ProtocolSettings = ({ revision }: { revision: ProtocolRevision }) => {
  const { data: contacts = [] } = useClientContacts(revision.clientId);
  const nameOf = (id: number) => contacts.find((contact) => contact.id === id)?.name ?? `Contact ${id}`;
  return (
    <Stack spacing={2}>
      <Stack component="dl" direction="row" spacing={4} sx={{ m: 0 }}>
        <Setting label="Check interval" value={`${revision.checkIntervalMinutes} minutes`} />
        <Setting label="Impedance limit" value={`${revision.impedanceLimitKOhm} kΩ`} />
        <Setting label="Report turnaround" value={`${revision.reportTurnaroundHours} hours`} />
        <Setting label="Escalate after" value={`${revision.escalationMinutes} minutes`} />
      </Stack>
      {/* Orders and critical calls (turn 4). */}
      <TurnaroundTargetTable targets={revision.turnaroundTargets} />
      <Typography variant="subtitle1" component="h3">
        Notification rules
      </Typography>
      {revision.notificationRules.length === 0 ? (
        <Typography color="text.secondary">No notification rules.</Typography>
      ) : (
        <Table size="small" aria-label="Notification rules">
          <TableHead>
            <TableRow>
              <TableCell>Trigger</TableCell>
              <TableCell>Notify</TableCell>
              <TableCell>Within</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {revision.notificationRules.map((rule, index) => (
              // Rules have no id; their order is part of the revision and never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <TableRow key={index}>
                <TableCell>{rule.trigger}</TableCell>
                <TableCell>{rule.notify.map(nameOf).join(', ')}</TableCell>
                <TableCell>{rule.withinMinutes} minutes</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
};
