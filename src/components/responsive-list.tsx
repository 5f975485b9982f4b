// Items as a table from sm up and as a list of cards on a phone, where a table's columns do not fit. Every
// list of records uses it, so they all switch at the same width.
import Card from '@mui/material/Card';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';

import type { ReactNode } from 'react';

export interface ListColumn<Item> {
  header: string;
  cell: (item: Item) => ReactNode;
  align?: 'right';
  /** The column's width in px, set on its header. */
  width?: number;
  /** The style of the column's cells, e.g. { whiteSpace: 'nowrap' }. */
  sx?: SxProps<Theme>;
}

interface ResponsiveListProps<Item> {
  /** Names the table, or the list of cards, for screen readers. */
  label: string;
  items: readonly Item[];
  keyOf: (item: Item) => string;
  /** `false` leaves a column out (say, actions the user may not take). */
  columns: readonly (ListColumn<Item> | false)[];
  /** What one item's card holds on a phone (CardContent, CardActions). */
  card: (item: Item) => ReactNode;
}

/** True below sm, where lists show cards. */
export function useIsPhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

export function ResponsiveList<Item>({
  label,
  items,
  keyOf,
  columns,
  card,
}: ResponsiveListProps<Item>) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={label}>
        {items.map((item) => (
          <Card key={keyOf(item)} variant="outlined" component="li">
            {card(item)}
          </Card>
        ))}
      </Stack>
    );
  }
  const shown = columns.filter((column): column is ListColumn<Item> => column !== false);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            {shown.map(({ header, align, width }) => (
              <TableCell key={header} align={align} sx={width ? { width } : undefined}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={keyOf(item)}>
              {shown.map(({ header, cell, align, sx }) => (
                <TableCell key={header} align={align} sx={sx}>
                  {cell(item)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
