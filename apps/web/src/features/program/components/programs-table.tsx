import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProgramPage } from '@certs/shared/program/program.contract';
import { PROGRAM_STATUS_INFO, type ProgramStatus } from '@certs/shared/program/program-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { ProgramCode } from '../../../components/ui/program-code';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';
import { ProgramStatusBadge } from './program-status-badge';
import { programTypeLabel } from './program-type-label';

export type ProgramRow = ProgramPage['rows'][number];

/** The programs table as a file (Programs and Archives). */
export const PROGRAM_CSV_COLUMNS: readonly CsvColumn<ProgramRow>[] = [
  { header: 'Program Code', value: (program) => program.programCode },
  { header: 'Program Title', value: (program) => program.programTitle },
  { header: 'Program Type', value: (program) => programTypeLabel(program.programType) },
  { header: 'Program Manager', value: (program) => program.programManager?.name ?? '' },
  { header: 'Status', value: (program) => PROGRAM_STATUS_INFO[program.status as ProgramStatus]?.label ?? `Status ${program.status}` },
  { header: 'Published', value: (program, dates) => dates.date(program.publishedOn) },
  { header: 'Created', value: (program, dates) => dates.date(program.createdOn) },
  { header: 'Modified', value: (program, dates) => dates.dateTime(program.modifiedOn) },
];

interface ProgramsTableProps {
  label: string;
  rows: readonly ProgramRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  /** Where a program's code links to. */
  hrefOf: (program: ProgramRow) => string;
  /** An extra column of actions per row, e.g. Restore on the Archives screen. */
  actions?: (program: ProgramRow) => ReactNode;
  emptyText?: string;
  testId?: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Programs: Program Code, Program Title, Program Type, Program Manager, Status, Modified. */
export function ProgramsTable({ hrefOf, actions, emptyText = 'No programs match.', testId = 'programs-table', ...rest }: ProgramsTableProps) {
  const columns: PagedTableColumn<ProgramRow>[] = [
    {
      key: 'code',
      header: 'Program Code',
      isRowHeader: true,
      noWrap: true,
      render: (program) => (
        <Anchor component={Link} to={hrefOf(program)} fw={600}>
          <ProgramCode code={program.programCode} />
        </Anchor>
      ),
    },
    { key: 'title', header: 'Program Title', render: (program) => program.programTitle },
    { key: 'type', header: 'Program Type', render: (program) => programTypeLabel(program.programType) },
    { key: 'manager', header: 'Program Manager', render: (program) => program.programManager?.name ?? '-' },
    { key: 'status', header: 'Status', noWrap: true, render: (program) => <ProgramStatusBadge status={program.status} /> },
    { key: 'modified', header: 'Modified', noWrap: true, render: (program) => <DateDisplay value={program.modifiedOn} withTime /> },
  ];
  if (actions) columns.push({ key: 'actions', header: 'Actions', align: 'right', render: actions });
  return <PagedTable testId={testId} columns={columns} rowKey={(program) => program.id} emptyText={emptyText} {...rest} />;
}
