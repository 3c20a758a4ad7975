import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MEMBERSHIP_TYPE_LABELS } from '@certs/shared/applicant/applicant.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { EmailAddress } from '../../../components/ui/unbroken-text';
import type { CsvColumn } from '../../../lib/export-csv';
import type { ApplicantListRow } from '../api/find-applicants';
import { MEMBERSHIP_STATE_LABELS, MembershipStateBadge, membershipStateOf } from './membership-status';

/** The applicants table as a file: one column per fact the rows show. */
export const APPLICANT_CSV_COLUMNS: readonly CsvColumn<ApplicantListRow>[] = [
  { header: 'First Name', value: (row) => row.firstName },
  { header: 'Last Name', value: (row) => row.lastName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Activated', value: (row) => (row.active ? 'Yes' : 'No') },
  { header: 'Listed in Public Register', value: (row) => (row.listedInRegister ? 'Yes' : 'No') },
  { header: 'Membership', value: (row) => MEMBERSHIP_TYPE_LABELS[row.membershipType] },
  { header: 'Member Number', value: (row) => row.memberNumber },
  // A non-member's status would only repeat "Not a member" from Membership.
  { header: 'Membership Status', value: (row) => (row.membershipType === 'none' ? '' : MEMBERSHIP_STATE_LABELS[membershipStateOf(row)]) },
  { header: 'Membership Confirmed', value: (row, dates) => dates.date(row.membershipConfirmedOn) },
  { header: 'Registered', value: (row, dates) => dates.date(row.createdOn) },
];

interface ApplicantsTableProps {
  rows: readonly ApplicantListRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  onReviewMembership: (row: ApplicantListRow) => void;
  /** Staff's sub-list of the applicant's awards (features/award), composed by the route. */
  onShowAwards?: (row: ApplicantListRow) => void;
  /** The staff applicant page (features/applicant-admin), composed by the route. */
  recordHrefOf?: (row: ApplicantListRow) => string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Applicants for staff: who they are, their membership and whether staff confirmed it. */
export function ApplicantsTable({ onReviewMembership, onShowAwards, recordHrefOf, ...paging }: ApplicantsTableProps) {
  const columns: PagedTableColumn<ApplicantListRow>[] = [
    {
      key: 'name',
      header: 'Name',
      isRowHeader: true,
      render: (row) => (
        <>
          {`${row.firstName} ${row.lastName}`}
          {!row.listedInRegister && (
            <Text size="xs" c="dimmed" fw={400}>
              Not listed in the public register
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      render: (row) => (
        <>
          <Text size="sm">
            <EmailAddress email={row.email} />
          </Text>
          {!row.active && (
            <Text size="xs" c="dimmed">
              Not activated yet
            </Text>
          )}
        </>
      ),
    },
    // One column: the type, the number and, for a member, whether staff confirmed it ("Not a member" is said once, issue 45).
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
          {row.membershipType !== 'none' && <MembershipStateBadge applicant={row} isShort />}
        </>
      ),
    },
    { key: 'registered', header: 'Registered', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {recordHrefOf && (
            <Anchor component={Link} to={recordHrefOf(row)} size="sm" aria-label={`Open ${row.firstName} ${row.lastName}`}>
              Open
            </Anchor>
          )}
          {row.membershipType !== 'none' && (
            <Button
              size="xs"
              variant="light"
              onClick={() => onReviewMembership(row)}
              aria-label={`${row.membershipConfirmedOn ? 'Change' : 'Confirm'} membership of ${row.firstName} ${row.lastName}`}
            >
              {row.membershipConfirmedOn ? 'Change' : 'Confirm'}
            </Button>
          )}
          {onShowAwards && (
            <Button size="xs" variant="default" onClick={() => onShowAwards(row)} aria-label={`Awards of ${row.firstName} ${row.lastName}`}>
              Awards
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return <PagedTable label="Applicants" testId="applicants-table" columns={columns} rowKey={(row) => row.id} emptyText="No applicants match." {...paging} />;
}
