import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { chartHeightFor, countAxisOf, LABEL_COLUMN_WIDTH, wrapLabel } from './chart-axes';

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

/** A bar's label, on as many lines as it needs, centred on its bar (recharts hands each tick its place and value). */
function CategoryTick({ x = 0, y = 0, payload }: { x?: number; y?: number; payload?: { value?: unknown } }) {
  const lines = wrapLabel(String(payload?.value ?? ''));
  return (
    <text x={x - 8} y={y} textAnchor="end" fontSize={12} fill="currentColor" data-chart-label>
      {lines.map((line, index) => (
        // The first line is raised by half the block's extra height, so that the block is centred on the bar.
        <tspan key={index} x={x - 8} dy={index === 0 ? `${0.35 - (lines.length - 1) * 0.6}em` : '1.2em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** Counts are whole: a tick at every whole step from 0 to a round figure (recharts divides a fixed domain into tickCount - 1 steps). */
function countAxisProps(rows: readonly ChartRow[]): { allowDecimals: boolean; domain: [number, number]; tickCount: number } {
  const { end, step } = countAxisOf(Math.max(0, ...rows.map((row) => row.count)));
  return { allowDecimals: false, domain: [0, end], tickCount: end / step + 1 };
}
/** Every bar labelled (recharts skips labels it thinks would collide), each label wrapped within the column. */
const CATEGORY_AXIS_PROPS = { width: LABEL_COLUMN_WIDTH, interval: 0, tick: CategoryTick };

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
          <div aria-hidden="true" data-testid={testId ? `${testId}-chart` : undefined}>
            <BarChart
              h={chartHeightFor(rows.map((row) => row.label))}
              data={rows.map((row) => ({ label: row.label, [valueLabel]: row.count }))}
              dataKey="label"
              orientation="vertical"
              xAxisProps={countAxisProps(rows)}
              yAxisProps={CATEGORY_AXIS_PROPS}
              series={[{ name: valueLabel, color: 'indigo.6' }]}
              withTooltip={false}
            />
          </div>
          {isTableVisible ? table : <VisuallyHidden>{table}</VisuallyHidden>}
        </>
      )}
    </Stack>
  );
}
