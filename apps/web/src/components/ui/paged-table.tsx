import { Alert, Box, Group, Loader, NativeSelect, Pagination, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS, rangeText, totalPages } from '@certs/shared/common/paging';
import { useIsNarrowerThan } from '../../lib/use-is-narrower-than';

export interface PagedTableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Screen readers announce this cell as the row's name. */
  isRowHeader?: boolean;
  align?: 'left' | 'right';
  /** Keeps short values such as badges and dates on one line. */
  noWrap?: boolean;
  /** The row's action (Start, Open, ...): on a card it comes last, under the values, without a label. */
  isAction?: boolean;
  /** The column header is read by screen readers only (a table's action column). */
  isHeaderHidden?: boolean;
}

interface PagedTableProps<Row> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  columns: readonly PagedTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  page: number;
  pageSize: number;
  totalRows: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  isLoading?: boolean;
  error?: string | null;
  emptyText?: string;
  testId?: string;
  /**
   * Below this width the table scrolls sideways; a compact column set may ask for less. A table that
   * asks for no width (0) fits any screen and stays a table on a phone.
   */
  minWidth?: number;
  /**
   * Below the md breakpoint (768) a list is shown as one card per row, so that no value or action is
   * cut off at the side of a phone's screen; 'table' keeps the table (e.g. the spec's compact columns).
   */
  narrowLayout?: 'cards' | 'table';
}

const PAGE_SIZE_DATA = PAGE_SIZE_OPTIONS.map((size) => String(size));

function bodyMessage(colSpan: number, content: ReactNode) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Group justify="center" py="lg" gap="sm">
          {content}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface RowCardsProps<Row> {
  /** The list's accessible name, e.g. "Trial exams". */
  label: string;
  columns: readonly PagedTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  isLoading?: boolean;
  emptyText?: string;
  testId?: string;
}

/**
 * A table's rows as cards, for narrow screens: the row header as the card's title, every other
 * column as a label and its value, and the actions last at full reach. The list keeps the table's
 * name and test id.
 */
export function RowCards<Row>({ label, columns, rows, rowKey, isLoading = false, emptyText = 'Nothing to show.', testId }: RowCardsProps<Row>) {
  const titleColumns = columns.filter((column) => column.isRowHeader);
  const valueColumns = columns.filter((column) => !column.isRowHeader && !column.isAction && column.header !== '');
  const actionColumns = columns.filter((column) => !column.isRowHeader && (column.isAction || column.header === ''));
  if (rows.length === 0) {
    return (
      <Group gap="sm" py="md" data-testid={testId} aria-busy={isLoading}>
        {isLoading ? (
          <>
            <Loader size="sm" />
            <Text>Loading…</Text>
          </>
        ) : (
          <Text>{emptyText}</Text>
        )}
      </Group>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label} aria-busy={isLoading} data-testid={testId} data-layout="cards">
      {rows.map((row) => (
        <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm" data-testid="row-card">
          <Stack gap="xs">
            {titleColumns.map((column) => (
              <Box key={column.key} fw={600} style={{ overflowWrap: 'break-word' }}>
                {column.render(row)}
              </Box>
            ))}
            {valueColumns.length > 0 && (
              <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'minmax(5.5rem, max-content) minmax(0, 1fr)', gap: '6px 12px', alignItems: 'baseline' }}>
                {valueColumns.map((column) => (
                  <Box key={column.key} style={{ display: 'contents' }}>
                    <Text component="dt" size="sm" c="dimmed">
                      {column.header}
                    </Text>
                    <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'break-word' }}>
                      {column.render(row)}
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
            {actionColumns.map((column) => (
              <Group key={column.key} gap="xs" wrap="wrap">
                {column.render(row)}
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The header row of a table of these columns (a hidden header still names its column for screen readers). */
export function ColumnHeaders<Row>({ columns }: { columns: readonly PagedTableColumn<Row>[] }) {
  return (
    <Table.Tr>
      {columns.map((column) => (
        <Table.Th key={column.key} scope="col" ta={column.align}>
          {column.isHeaderHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
        </Table.Th>
      ))}
    </Table.Tr>
  );
}

/** One row of a table of these columns: the row-header column as the row's header cell. */
export function ColumnsRow<Row>({ columns, row }: { columns: readonly PagedTableColumn<Row>[]; row: Row }) {
  return (
    <Table.Tr>
      {columns.map((column) =>
        column.isRowHeader ? (
          <Table.Th key={column.key} scope="row" fw={500} ta={column.align} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
            {column.render(row)}
          </Table.Th>
        ) : (
          <Table.Td key={column.key} ta={column.align} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
            {column.render(row)}
          </Table.Td>
        ),
      )}
    </Table.Tr>
  );
}

/** Every list: the spec's columns, page navigation, page size (10, 50, 100, 150, 250) and range text. */
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const { label, columns, rows, rowKey, page, pageSize, totalRows, isLoading = false, error, emptyText = 'Nothing to show.' } = props;
  const pageSizeId = useId();
  const pages = totalPages(totalRows, pageSize);
  const isNarrow = useIsNarrowerThan('md');
  const narrowLayout = props.narrowLayout ?? (props.minWidth === 0 ? 'table' : 'cards');
  const isCards = isNarrow && narrowLayout === 'cards';

  let body: ReactNode;
  if (isLoading && rows.length === 0) {
    body = bodyMessage(columns.length, [<Loader key="loader" size="sm" />, <Text key="text">Loading…</Text>]);
  } else if (rows.length === 0) {
    body = bodyMessage(columns.length, <Text>{emptyText}</Text>);
  } else {
    body = rows.map((row) => <ColumnsRow key={rowKey(row)} columns={columns} row={row} />);
  }

  return (
    <Box>
      {error && (
        <Alert color="red" variant="light" mb="md" title="Could not load the list">
          {error}
        </Alert>
      )}
      {isCards ? (
        <RowCards label={label} columns={columns} rows={rows} rowKey={rowKey} isLoading={isLoading} emptyText={emptyText} testId={props.testId} />
      ) : (
        // A table wider than the screen scrolls sideways; its viewport takes keyboard focus so that
        // keyboard users can scroll it too (axe scrollable-region-focusable), even without links in it.
        // An empty list asks for no width, so that its message is never cut off at the side.
        <Table.ScrollContainer
          minWidth={rows.length === 0 ? 0 : (props.minWidth ?? 720)}
          // The scroll bar stays visible while the table overflows (a touch screen hides it otherwise):
          // the cue that there is more to the side.
          scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x', viewportProps: { tabIndex: 0, role: 'group', 'aria-label': label } }}
        >
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={isLoading} data-testid={props.testId}>
            <Table.Thead>
              <ColumnHeaders columns={columns} />
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {/* An empty list says so in the table; "Showing 0 of 0" and page controls would add nothing (issue 45 item 10). */}
      {totalRows > 0 && (
        <Group justify="space-between" mt="md" gap="md" wrap="wrap">
          <Text size="sm" aria-live="polite" data-testid="range-text">
            {rangeText(page, pageSize, totalRows)}
          </Text>
          <Group gap="lg" wrap="wrap">
            <Group gap="xs" wrap="nowrap">
              <Text component="label" htmlFor={pageSizeId} size="sm">
                Rows per page
              </Text>
              <NativeSelect
                id={pageSizeId}
                size="xs"
                w={80}
                data={PAGE_SIZE_DATA}
                value={String(pageSize)}
                onChange={(event) => props.onPageSizeChange(Number(event.currentTarget.value))}
              />
            </Group>
            <Box component="nav" aria-label={`${label} pages`}>
              {/* Its buttons are named by the theme, as every pager's are ("Page 2", "Next page"). */}
              <Pagination total={pages} value={Math.min(page, pages)} onChange={props.onPageChange} size="sm" withEdges />
            </Box>
          </Group>
        </Group>
      )}
    </Box>
  );
}
