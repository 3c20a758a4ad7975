import { Alert, Box, Group, Loader, NativeSelect, Pagination, Table, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS, rangeText, totalPages } from '@certs/shared/common/paging';

export interface PagedTableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Screen readers announce this cell as the row's name. */
  isRowHeader?: boolean;
  align?: 'left' | 'right';
  /** Keeps short values such as badges and dates on one line. */
  noWrap?: boolean;
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
  /** Below this width the table scrolls sideways; a compact column set may ask for less. */
  minWidth?: number;
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

/** Every list: the spec's columns, page navigation, page size (10, 50, 100, 150, 250) and range text. */
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const { label, columns, rows, rowKey, page, pageSize, totalRows, isLoading = false, error, emptyText = 'Nothing to show.' } = props;
  const pageSizeId = useId();
  const pages = totalPages(totalRows, pageSize);

  let body: ReactNode;
  if (isLoading && rows.length === 0) {
    body = bodyMessage(columns.length, [<Loader key="loader" size="sm" />, <Text key="text">Loading…</Text>]);
  } else if (rows.length === 0) {
    body = bodyMessage(columns.length, <Text>{emptyText}</Text>);
  } else {
    body = rows.map((row) => (
      <Table.Tr key={rowKey(row)}>
        {columns.map((column) =>
          column.isRowHeader ? (
            <Table.Th key={column.key} scope="row" fw={500} ta={column.align}>
              {column.render(row)}
            </Table.Th>
          ) : (
            <Table.Td key={column.key} ta={column.align} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
              {column.render(row)}
            </Table.Td>
          ),
        )}
      </Table.Tr>
    ));
  }

  return (
    <Box>
      {error && (
        <Alert color="red" variant="light" mb="md" title="Could not load the list">
          {error}
        </Alert>
      )}
      {/* A table wider than the screen scrolls sideways; its viewport takes keyboard focus so that
          keyboard users can scroll it too (axe scrollable-region-focusable), even without links in it. */}
      <Table.ScrollContainer minWidth={props.minWidth ?? 720} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'group', 'aria-label': label } }}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={isLoading} data-testid={props.testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col" ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={props.onPageChange}
              size="sm"
              withEdges
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
            />
          </Box>
        </Group>
      </Group>
    </Box>
  );
}
