import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CASE_OUTCOME_LABELS, CASE_STATUS_LABELS, type CaseOutcome, type CaseStatus } from '@certs/shared/case/case.contract';
import type { CsvColumn } from '../../lib/export-csv';
import { DateDisplay } from '../ui/date-display';
import type { PagedTableColumn } from '../ui/paged-table';
import { CaseAge, CaseStatusBadge } from './case-panel';

/** What a row of the appeals and the complaints register share (issue 43). */
export interface CaseRegisterRow {
  id: string;
  reference: string;
  receivedOn: string;
  handlerName: string | null;
  status: CaseStatus;
  outcome: CaseOutcome | null;
  decideBy: string;
  decidedOn: string | null;
  ageDays: number;
  overdue: boolean;
}

/** The register's first columns: the reference (to the case's page) and the day received. */
export function caseRegisterHeadColumns<Row extends CaseRegisterRow>(pathOf: (row: Row) => string): PagedTableColumn<Row>[] {
  return [
    {
      key: 'reference',
      header: 'Reference',
      isRowHeader: true,
      noWrap: true,
      render: (row) => (
        <Anchor component={Link} to={pathOf(row)} size="sm" fw={600}>
          {row.reference}
        </Anchor>
      ),
    },
    { key: 'received', header: 'Received', noWrap: true, render: (row) => <DateDisplay value={row.receivedOn} /> },
  ];
}

/** The register's last columns: handler, status with the outcome, age (overdue in red), decide by. */
export function caseRegisterTailColumns<Row extends CaseRegisterRow>(statusTestId: string): PagedTableColumn<Row>[] {
  return [
    { key: 'handler', header: 'Handler', render: (row) => row.handlerName ?? <Text size="sm" c="dimmed">Not assigned</Text> },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <CaseStatusBadge status={row.status} testId={statusTestId} />
          {row.outcome && <Text size="xs">{CASE_OUTCOME_LABELS[row.outcome]}</Text>}
        </Group>
      ),
    },
    { key: 'age', header: 'Age', noWrap: true, render: (row) => <CaseAge ageDays={row.ageDays} overdue={row.overdue} /> },
    { key: 'decideBy', header: 'Decide by', noWrap: true, render: (row) => <DateDisplay value={row.decideBy} /> },
  ];
}

/** The register file's last columns, what an assessor asks of every case: handler, status, outcome, dates, age. */
export function caseRegisterCsvTail<Row extends CaseRegisterRow>(): CsvColumn<Row>[] {
  return [
    { header: 'Handler', value: (row) => row.handlerName ?? '' },
    { header: 'Status', value: (row) => CASE_STATUS_LABELS[row.status] },
    { header: 'Outcome', value: (row) => (row.outcome ? CASE_OUTCOME_LABELS[row.outcome] : '') },
    { header: 'Decide by', value: (row, dates) => dates.date(row.decideBy) },
    { header: 'Decided', value: (row, dates) => dates.date(row.decidedOn) },
    { header: 'Age (days)', value: (row) => String(row.ageDays) },
    { header: 'Overdue', value: (row) => (row.overdue ? 'Yes' : 'No') },
  ];
}
