import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { ProgramCode } from '../../../components/ui/program-code';
import { AwardStatusBadge } from './award-status-badge';

interface AwardsTableProps {
  label: string;
  testId: string;
  rows: readonly AwardRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  emptyText?: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Staff: a column linking each award to its application page. */
  applicationHrefOf?: (row: AwardRow) => string;
  /** The last column: downloads for the holder, downloads or actions for staff. */
  actionsOf?: (row: AwardRow) => ReactNode;
}

/**
 * Awards as every list shows them: the spec's awards table (Name, {product} ID, Program Code,
 * Program Title, Award Date), then the certificate number, the status now and the expiry.
 */
export function AwardsTable({ applicationHrefOf, actionsOf, emptyText = 'No awards yet.', ...table }: AwardsTableProps) {
  const columns: PagedTableColumn<AwardRow>[] = [
    { key: 'name', header: 'Name', isRowHeader: true, render: (row) => row.name },
    { key: 'id', header: 'ID', noWrap: true, render: (row) => row.holderNumber },
    { key: 'code', header: 'Program Code', noWrap: true, render: (row) => <ProgramCode code={row.programCode} /> },
    { key: 'title', header: 'Program Title', render: (row) => row.programTitle },
    { key: 'date', header: 'Award Date', noWrap: true, render: (row) => <DateDisplay value={row.awardDate} /> },
    { key: 'certificate', header: 'Certificate Number', noWrap: true, render: (row) => row.certificateNumber },
    { key: 'status', header: 'Status', noWrap: true, render: (row) => <AwardStatusBadge status={row.status} /> },
    { key: 'expiry', header: 'Expiry', noWrap: true, render: (row) => <DateDisplay value={row.expiresOn} /> },
  ];
  if (applicationHrefOf) {
    columns.push({
      key: 'application',
      header: 'Application',
      noWrap: true,
      render: (row) => (
        <Anchor component={Link} to={applicationHrefOf(row)} size="sm" aria-label={`Application ${row.applicationNumber} of ${row.name}`}>
          {row.applicationNumber}
        </Anchor>
      ),
    });
  }
  if (actionsOf) columns.push({ key: 'actions', header: 'Actions', align: 'right', render: actionsOf });
  return <PagedTable columns={columns} rowKey={(row) => row.id} emptyText={emptyText} minWidth={actionsOf ? 1180 : 960} {...table} />;
}
