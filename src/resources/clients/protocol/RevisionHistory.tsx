import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Identifier, Link } from 'react-admin';
import type { RevisionKind } from '../../../../contract/clients';
import { formatDateTime } from '../../../dates';
import { useRevisionHistory } from './useRevisions';

const PER_PAGE = 10;

/** The revisions, newest first; each links to `?revision=N`, which opens it read-only. */
export const RevisionHistory = ({ clientId, kind }: { clientId: Identifier; kind: RevisionKind }) => {
  const [page, setPage] = useState(1);
  const { data } = useRevisionHistory(clientId, kind, page, PER_PAGE);
  if (!data || data.total === 0) return null;
  return (
    <section aria-label="History">
      <Typography variant="subtitle1" component="h3">
        History
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Revision</TableCell>
            <TableCell>Author</TableCell>
            <TableCell>Saved</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.data.map(({ revision, author, createdAt }) => (
            <TableRow key={revision}>
              <TableCell>
                <Link to={{ search: `?revision=${revision}` }}>Revision {revision}</Link>
              </TableCell>
              <TableCell>{author}</TableCell>
              <TableCell>{formatDateTime(createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data.total}
        page={page - 1}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[]}
        onPageChange={(_event, next) => setPage(next + 1)}
      />
    </section>
  );
};
