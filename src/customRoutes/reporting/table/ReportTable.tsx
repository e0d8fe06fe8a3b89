import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Key, type ReactNode, useId } from 'react';
import { downloadTable } from '../../../csv';
import { csvRows, hasTotals, type ReportColumn } from './reportColumns';

interface ReportTableProps<Row> {
  /** The heading, the table's name and the CSV button's. */
  title: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The CSV file's name, without `.csv`. */
  csvName: string;
  emptyText: string;
  /** Small print under the table, e.g. what the amounts leave out. */
  note?: ReactNode;
}

/** The first column names the row, and stays in view while a wide table scrolls sideways. */
const ROW_HEADER = { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

/** A report's table under its heading, the server's totals as its last row, with a CSV of what it shows. */
export function ReportTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  csvName,
  emptyText,
  note,
}: ReportTableProps<Row>) {
  const titleId = useId();
  const align = (column: ReportColumn<Row>) => (column.numeric ? 'right' : 'left');
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          <Button
            startIcon={<DownloadIcon />}
            aria-label={`Download ${title} as CSV`}
            onClick={() => downloadTable(csvName, csvRows(columns, rows))}
          >
            CSV
          </Button>
        </Stack>
        {/* Focusable so that a keyboard can scroll a table wider than the page. */}
        <TableContainer tabIndex={0} role="group" aria-label={`${title}, scrollable`}>
          <Table size="small" aria-labelledby={titleId} sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                {columns.map((column, index) => (
                  <TableCell
                    key={column.label}
                    align={align(column)}
                    sx={index === 0 ? ROW_HEADER : undefined}
                  >
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length}>{emptyText}</TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column, index) => (
                    <TableCell
                      key={column.label}
                      align={align(column)}
                      {...(index === 0 && { component: 'th', scope: 'row', sx: ROW_HEADER })}
                    >
                      {column.render ? column.render(row) : column.text(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            {hasTotals(columns) && (
              <TableFooter>
                <TableRow>
                  {columns.map((column, index) => (
                    <TableCell
                      key={column.label}
                      align={align(column)}
                      {...(index === 0 && { component: 'th', scope: 'row' })}
                      sx={{
                        fontWeight: 'bold',
                        color: 'text.primary',
                        fontSize: 'inherit',
                        ...(index === 0 && ROW_HEADER),
                      }}
                    >
                      {column.total}
                    </TableCell>
                  ))}
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </TableContainer>
        {note && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
