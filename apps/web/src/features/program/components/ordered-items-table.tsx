import { Button, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { OrderButtons } from './order-buttons';

export interface OrderedItemsColumn<T> {
  header: string;
  cell(item: T): ReactNode;
  /** The column that names the row (a row header for screen readers). */
  isRowHeader?: boolean;
}

interface OrderedItemsTableProps<T extends { id: string }> {
  label: string;
  items: T[];
  columns: OrderedItemsColumn<T>[];
  /** How a row is named in its buttons' labels, e.g. "instruction 2" or "requirement REQ-1". */
  nameOf(item: T, index: number): string;
  isReadOnly: boolean;
  isReordering: boolean;
  onMove(from: number, to: number): void;
  onEdit(item: T): void;
  onRemove(item: T): void;
}

/** The ordered lists of a program (instructions, requirements): order, content, and move/edit/remove. */
export function OrderedItemsTable<T extends { id: string }>(props: OrderedItemsTableProps<T>) {
  const { items, isReadOnly } = props;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" aria-label={props.label} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={60}>
              Order
            </Table.Th>
            {props.columns.map((column) => (
              <Table.Th key={column.header} scope="col">
                {column.header}
              </Table.Th>
            ))}
            {!isReadOnly && (
              <Table.Th scope="col" ta="right">
                Actions
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => {
            const name = props.nameOf(item, index);
            return (
              <Table.Tr key={item.id}>
                <Table.Td>{index + 1}</Table.Td>
                {props.columns.map((column) =>
                  column.isRowHeader ? (
                    <Table.Th key={column.header} scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {column.cell(item)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={column.header} style={{ whiteSpace: 'pre-line' }}>
                      {column.cell(item)}
                    </Table.Td>
                  ),
                )}
                {!isReadOnly && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <OrderButtons name={name} index={index} count={items.length} disabled={props.isReordering} onMove={props.onMove} />
                      <Button size="xs" variant="light" onClick={() => props.onEdit(item)} aria-label={`Edit ${name}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => props.onRemove(item)} aria-label={`Remove ${name}`}>
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
