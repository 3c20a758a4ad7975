import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';

export const dash = (value: number | string | null | undefined) => (value === null || value === undefined || value === '' ? '-' : String(value));

/** One section of the review: a heading the page's outline lists, and what it counts. */
export function ReviewSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`${id}-heading`} data-testid={`review-${id}`}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3" id={`${id}-heading`}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** Figures: what is counted (a row header) and its value, right-aligned. */
export function FigureTable({ caption, rows }: { caption: string; rows: readonly [string, number | string | null][] }) {
  return (
    <Table withTableBorder striped maw={560}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400}>
              {label}
            </Table.Th>
            <Table.Td ta="right" data-figure={label}>
              {dash(value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export interface ReviewColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  isNumeric?: boolean;
}

/** A list of the review's rows (programs, cases, overrides, tests), or a line saying there are none. */
export function RowsTable<Row>({ caption, columns, rows, rowKey, empty }: { caption: string; columns: readonly ReviewColumn<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string; empty: string }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <ScrollRegion label={caption}>
      <Table withTableBorder striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col" ta={column.isNumeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header} ta={column.isNumeric ? 'right' : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
