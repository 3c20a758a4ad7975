import { Table } from '@mantine/core';
import { useIsNarrowerThan } from '../../lib/use-is-narrower-than';
import { ColumnHeaders, ColumnsRow, RowCards, type PagedTableColumn } from './paged-table';
import { SCROLL_SHADOWS } from './scroll-region';

interface DataTableProps<Row> {
  /** The table's accessible name, e.g. "Invoices". */
  label: string;
  columns: readonly PagedTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Below this width the table scrolls sideways (md and wider only: narrower screens get cards). */
  minWidth: number;
  testId?: string;
  striped?: boolean;
  verticalSpacing?: 'xs' | 'sm';
}

/**
 * A short list that needs no paging: a table from the md breakpoint (768) up, and below it one card
 * per row (`RowCards`), so that on a phone no value or action is cut off at the side of the screen.
 */
export function DataTable<Row>({ label, columns, rows, rowKey, minWidth, testId, striped = false, verticalSpacing = 'sm' }: DataTableProps<Row>) {
  const isNarrow = useIsNarrowerThan('md');
  if (isNarrow) return <RowCards label={label} columns={columns} rows={rows} rowKey={rowKey} testId={testId} />;
  return (
    // A table wider than the page scrolls inside a region a keyboard can reach (axe: scrollable-region-focusable);
    // its scroll bar stays shown and a shadow marks the side with more (issue 45 item 14).
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x', viewportProps: { tabIndex: 0, role: 'group', 'aria-label': label, style: SCROLL_SHADOWS } }}
    >
      <Table verticalSpacing={verticalSpacing} striped={striped} highlightOnHover={striped} aria-label={label} data-testid={testId}>
        <Table.Thead>
          <ColumnHeaders columns={columns} />
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <ColumnsRow key={rowKey(row)} columns={columns} row={row} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
