import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

export interface ChartRow {
  label: string;
  count: number;
}

interface ChartWithTableProps {
  title: string;
  rows: readonly ChartRow[];
  /** The column heading of the figures ("Applications"). */
  valueLabel: string;
  /** Shows the table to everyone, not only to screen readers (small sets read better as a table). */
  isTableVisible?: boolean;
  testId?: string;
}

/**
 * A bar chart with its numbers as a table: the chart is a picture for sighted users (hidden from
 * assistive technology), the table carries the same figures for screen readers, and for everyone
 * when asked.
 */
export function ChartWithTable({ title, rows, valueLabel, isTableVisible = false, testId }: ChartWithTableProps) {
  const headingId = useId();
  const table = (
    <Table withTableBorder striped aria-labelledby={headingId} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{title}</Table.Th>
          <Table.Th scope="col" ta="right">
            {valueLabel}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            <Table.Td ta="right">{row.count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing to show.
        </Text>
      ) : (
        <>
          <div aria-hidden="true">
            <BarChart h={Math.max(160, rows.length * 28)} data={rows.map((row) => ({ label: row.label, [valueLabel]: row.count }))} dataKey="label" orientation="vertical" yAxisProps={{ width: 170 }} series={[{ name: valueLabel, color: 'indigo.6' }]} withTooltip={false} />
          </div>
          {isTableVisible ? table : <VisuallyHidden>{table}</VisuallyHidden>}
        </>
      )}
    </Stack>
  );
}
