import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { HttpError } from 'react-admin';
import type { RecordItem } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import { downloadTable } from '../../../csv';
import { type OpenDialog, RecordDialogs } from './RecordDialogs';
import { RecordListBody } from './RecordListBody';
import { RecordTable } from './RecordTable';
import { rowActionsOf } from './recordActions';
import type { RecordAccess, RecordAction, RecordKindView } from './types';
import { useRecordWrites } from './useRecordWrites';

interface RecordPanelProps {
  details: CaseDetails;
  view: RecordKindView<RecordItem>;
  access: RecordAccess & { isPending: boolean };
  /** The latest revision of each item. */
  records: UseQueryResult<RecordItem[], HttpError>;
}

/**
 * One kind of a case's records: the latest revision of each item, newest first, voided ones struck
 * through; adding, editing, voiding and the kind's own actions for those who may, while the case is open;
 * every item's history for everyone who may read them.
 */
export const RecordPanel = ({ details, view, access, records }: RecordPanelProps) => {
  const writes = useRecordWrites(details, view.kind);
  const fields = view.useFields(details);
  const [dialog, setDialog] = useState<OpenDialog>();
  const [busy, setBusy] = useState<number>();
  const actions = useMemo(() => rowActionsOf(view), [view]);
  const { data, error, refetch } = records;
  const sorted = useMemo(() => {
    const key = view.orderBy ?? (() => '');
    const sorted = data?.toSorted((a, b) => key(b).localeCompare(key(a)) || b._id - a._id);
    return sorted && view.arrange ? view.arrange(sorted) : sorted;
  }, [data, view]);

  /** A revision written straight away; a refusal is said, and the list read again. */
  const reviseNow = async (record: RecordItem, changes: Record<string, unknown>, done: string) => {
    setBusy(record._id);
    try {
      await writes.revise(record, changes, done);
    } catch (refusal) {
      writes.refused(refusal);
      await writes.newerRevision(refusal, record);
    } finally {
      setBusy(undefined);
    }
  };

  const exportRows = (items: readonly RecordItem[]) => {
    const row = view.csvRow;
    if (!row) return;
    downloadTable(
      `${details.caseNumber}-${view.kind}`,
      items.map((item) => row(item, details)),
    );
  };

  const act = ({ effect }: RecordAction<RecordItem>, item: RecordItem) => {
    switch (effect.type) {
      case 'edit':
        return setDialog({ type: 'form', item });
      case 'history':
        return setDialog({ type: 'history', item });
      case 'confirm':
        return setDialog({ type: 'confirm', item, revision: effect.revision });
      case 'create':
        return setDialog({
          type: 'form',
          initial: effect.from(item),
          nextTo: effect.location && { item, location: effect.location },
        });
      case 'revise':
        return reviseNow(item, effect.changes, effect.done);
    }
  };

  return (
    <Stack component="section" aria-label={view.title} spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {view.title}
        </Typography>
        <Stack direction="row" spacing={1}>
          {view.csvRow && sorted && sorted.length > 0 && (
            <Button startIcon={<DownloadIcon />} onClick={() => exportRows(sorted)}>
              Export CSV
            </Button>
          )}
          {access.canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ type: 'form' })}>
              Add {view.noun}
            </Button>
          )}
        </Stack>
      </Stack>
      {details.stage === 'closed' && (
        <Alert severity="info">
          Case {details.caseNumber} is closed: its records stay as they are unless an administrator reopens
          it.
        </Alert>
      )}
      {view.Intro && sorted && <view.Intro details={details} records={sorted} />}
      <RecordListBody
        title={view.title}
        emptyText={view.emptyText}
        accessPending={access.isPending}
        canList={access.canList}
        error={error}
        retry={() => refetch()}
        count={sorted?.length}
      >
        <RecordTable
          details={details}
          view={view}
          records={sorted ?? []}
          access={access}
          actions={actions}
          busy={busy}
          onAction={act}
        />
      </RecordListBody>
      <RecordDialogs
        dialog={dialog}
        details={details}
        view={view}
        fields={fields}
        writes={writes}
        onClose={() => setDialog(undefined)}
      />
    </Stack>
  );
};
