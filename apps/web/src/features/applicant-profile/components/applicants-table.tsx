import { Button, Text } from '@mantine/core';
import { MEMBERSHIP_TYPE_LABELS } from '@certs/shared/applicant/applicant.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { ApplicantListRow } from '../api/find-applicants';
import { MembershipStateBadge } from './membership-status';

interface ApplicantsTableProps {
  rows: readonly ApplicantListRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  onReviewMembership: (row: ApplicantListRow) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Applicants for staff: who they are, their membership and whether staff confirmed it. */
export function ApplicantsTable({ onReviewMembership, ...paging }: ApplicantsTableProps) {
  const columns: PagedTableColumn<ApplicantListRow>[] = [
    { key: 'name', header: 'Name', isRowHeader: true, render: (row) => `${row.firstName} ${row.lastName}` },
    {
      key: 'email',
      header: 'Email',
      render: (row) => (
        <>
          <Text size="sm">{row.email}</Text>
          {!row.active && (
            <Text size="xs" c="dimmed">
              Not activated yet
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'membership',
      header: 'Membership',
      render: (row) => (
        <>
          <Text size="sm">{MEMBERSHIP_TYPE_LABELS[row.membershipType]}</Text>
          {row.memberNumber && (
            <Text size="xs" c="dimmed">
              No. {row.memberNumber}
            </Text>
          )}
        </>
      ),
    },
    { key: 'confirmation', header: 'Membership Status', noWrap: true, render: (row) => <MembershipStateBadge applicant={row} isShort /> },
    { key: 'registered', header: 'Registered', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) =>
        row.membershipType === 'none' ? null : (
          <Button
            size="xs"
            variant="light"
            onClick={() => onReviewMembership(row)}
            aria-label={`${row.membershipConfirmedOn ? 'Change' : 'Confirm'} membership of ${row.firstName} ${row.lastName}`}
          >
            {row.membershipConfirmedOn ? 'Change' : 'Confirm'}
          </Button>
        ),
    },
  ];
  return <PagedTable label="Applicants" testId="applicants-table" columns={columns} rowKey={(row) => row.id} emptyText="No applicants match." {...paging} />;
}
