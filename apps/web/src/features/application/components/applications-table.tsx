import { Anchor } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { ApplicationPage } from '@certs/shared/application/application.contract';
import { BREAKPOINTS } from '@certs/shared/common/breakpoints';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { ApplicationStatusBadge } from '../../../components/ui/application-status';
import { ProgramCode } from '../../../components/ui/program-code';
import { applicationTypeLabel } from './application-type';

export type ApplicationRow = ApplicationPage['rows'][number];

interface ApplicationsTableProps {
  rows: readonly ApplicationRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  hrefOf: (row: ApplicationRow) => string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Narrower than the md breakpoint (768): the spec's compact columns. */
export const COMPACT_APPLICATIONS_QUERY = `(max-width: ${BREAKPOINTS.md - 0.02}px)`;

/**
 * The applications table of spec section 2: Application Number, Program Code, Program Title,
 * Application Date, Type, Status; on narrow screens App No., Program Title, Status.
 */
export function ApplicationsTable({ hrefOf, ...paging }: ApplicationsTableProps) {
  const isCompact = useMediaQuery(COMPACT_APPLICATIONS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const number: PagedTableColumn<ApplicationRow> = {
    key: 'number',
    header: isCompact ? 'App No.' : 'Application Number',
    isRowHeader: true,
    noWrap: true,
    render: (row) => (
      <Anchor component={Link} to={hrefOf(row)} fw={600} style={{ whiteSpace: 'nowrap' }}>
        {row.applicationNumber}
      </Anchor>
    ),
  };
  const title: PagedTableColumn<ApplicationRow> = { key: 'title', header: 'Program Title', render: (row) => row.programTitle };
  const status: PagedTableColumn<ApplicationRow> = { key: 'status', header: 'Status', noWrap: true, render: (row) => <ApplicationStatusBadge status={row.status} /> };
  const columns: PagedTableColumn<ApplicationRow>[] = isCompact
    ? [number, title, status]
    : [
        number,
        { key: 'code', header: 'Program Code', noWrap: true, render: (row) => <ProgramCode code={row.programCode} /> },
        title,
        { key: 'date', header: 'Application Date', noWrap: true, render: (row) => <DateDisplay value={row.submittedOn ?? row.createdOn} /> },
        { key: 'type', header: 'Type', noWrap: true, render: (row) => applicationTypeLabel(row.programType) },
        status,
      ];
  return (
    <PagedTable
      label="Applications"
      testId="applications-table"
      columns={columns}
      rowKey={(row) => row.id}
      emptyText="No applications yet. Open a program from your home page to apply."
      minWidth={isCompact ? 0 : 720}
      {...paging}
    />
  );
}
