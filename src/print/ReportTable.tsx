import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Key, ReactNode } from 'react';
import { scrollsInPlace } from '../layout/scrollsInPlace';

export interface ReportRow {
  key: Key;
  cells: readonly ReactNode[];
}

interface ReportTableProps {
  label: string;
  head: readonly string[];
  rows: readonly ReportRow[];
  /** A last row in bold, e.g. the totals. */
  total?: ReportRow;
}

/**
 * A compact table of the report; its rows are never split across two printed pages. On a screen narrower
 * than the table (a phone), the table scrolls sideways in its place, not the page.
 */
export const ReportTable = ({ label, head, rows, total }: ReportTableProps) => (
  <Box {...scrollsInPlace}>
    <Table size="small" aria-label={label} sx={{ '& td, & th': { px: 1, verticalAlign: 'top' } }}>
      <TableHead>
        <TableRow>
          {head.map((title) => (
            <TableCell key={title} sx={{ fontWeight: 'bold' }}>
              {title}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {[...rows, ...(total ? [total] : [])].map(({ key, cells }) => (
          <TableRow key={key} sx={{ breakInside: 'avoid' }}>
            {cells.map((cell, index) => (
              <TableCell key={head[index]} sx={key === total?.key ? { fontWeight: 'bold' } : undefined}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);
