import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RecordItem } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { nameOf } from './recordFormat';
import type { RecordAccess, RecordAction, RecordKindView } from './types';

/** A voided item's values stay readable, struck through (`<s>`: no longer accurate). */
const Struck = ({ voided, children }: { voided: boolean; children: ReactNode }) =>
  voided ? (
    <Box component="s" sx={{ color: 'text.secondary' }}>
      {children}
    </Box>
  ) : (
    children
  );

/** Which revision the row shows, who wrote it and when; a void with its reason. */
const RevisionCell = ({ details, record }: { details: CaseDetails; record: RecordItem }) => (
  <TableCell>
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      Revision {record.revision}
    </Typography>
    <Typography variant="caption" color="text.secondary" component="div">
      {nameOf(details, record.author)}, {formatInZone(record.createdAt, details.client.timeZone)}
    </Typography>
    {record.voided && (
      <Typography variant="caption" color="warning.dark" component="div" sx={{ fontWeight: 600 }}>
        Voided: {record.voidReason}
      </Typography>
    )}
  </TableCell>
);

interface RecordTableProps {
  details: CaseDetails;
  view: RecordKindView<RecordItem>;
  records: readonly RecordItem[];
  access: RecordAccess;
  actions: readonly RecordAction<RecordItem>[];
  /** The item a write is under way for: its buttons wait. */
  busy?: number;
  onAction: (action: RecordAction<RecordItem>, record: RecordItem) => void;
}

/** The latest revision of each item, newest first, with the buttons that apply to it. */
export const RecordTable = ({
  details,
  view,
  records,
  access,
  actions,
  busy,
  onAction,
}: RecordTableProps) => (
  <TableContainer>
    <Table size="small" aria-label={view.title}>
      <TableHead>
        <TableRow>
          {view.columns.map(({ label }) => (
            <TableCell key={label}>{label}</TableCell>
          ))}
          <TableCell>Revision</TableCell>
          <TableCell>Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record._id} sx={{ verticalAlign: 'top' }}>
            {view.columns.map(({ label, render, nowrap }) => (
              <TableCell key={label} sx={{ whiteSpace: nowrap ? 'nowrap' : 'pre-wrap' }}>
                <Struck voided={record.voided}>{render(record, details)}</Struck>
              </TableCell>
            ))}
            <RevisionCell details={details} record={record} />
            <TableCell>
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {actions
                  .filter((action) => action.shows(record, access))
                  .map((action) => (
                    <Button
                      key={action.label}
                      size="small"
                      disabled={busy === record._id}
                      onClick={() => onAction(action, record)}
                    >
                      {action.label}
                    </Button>
                  ))}
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
