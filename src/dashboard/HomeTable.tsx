import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

interface HomeTableProps {
  /** The table's accessible name. */
  label: string;
  headers: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}

/** A compact table with column headers, scrolling sideways on a narrow screen. */
export const HomeTable = ({ label, headers, children }: HomeTableProps) => (
  <TableContainer>
    {/* Narrow cell padding: nine columns fit a 1280 px window beside the menu without scrolling. */}
    <Table size="small" aria-label={label} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
      <TableHead>
        <TableRow>
          {headers.map((header) => (
            <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
              {header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  </TableContainer>
);
