import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import type { CsvColumn, CsvValue } from '../../../lib/export-csv';

export interface SimpleColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  isNumeric?: boolean;
  /** The exported cell, where the screen's cell is more than text or a number. */
  csv?: (row: Row) => CsvValue;
}

/** A report table's export columns: the screen's headers, and each cell as text. */
export function csvColumnsOf<Row>(columns: readonly SimpleColumn<Row>[]): CsvColumn<Row>[] {
  return columns.map((column) => ({
    header: column.header,
    value: (row) => {
      if (column.csv) return column.csv(row);
      const cell = column.cell(row);
      return typeof cell === 'string' || typeof cell === 'number' ? cell : '';
    },
  }));
}

/** A report's rows: a plain table with a caption, numbers right-aligned. */
export function SimpleTable<Row>({ caption, columns, rows, rowKey, testId }: { caption: string; columns: readonly SimpleColumn<Row>[]; rows: readonly Row[]; rowKey: (row: Row, index: number) => string; testId?: string }) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Nothing matches these filters.
      </Text>
    );
  return (
    <ScrollRegion label={caption}>
      <Table striped withTableBorder data-testid={testId}>
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
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
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

export const dash = (value: number | null) => (value === null ? '-' : String(value));
