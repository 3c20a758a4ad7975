import type { ReactNode } from 'react';
import { stageLabelOf, statusLabelOf } from '@certs/shared/application/application-labels';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { usePaging } from '../../../lib/use-paging';
import { useApplicantSubList, type PagedSubList, type SubListPage } from '../api/applicant-admin';

type RowOf<L extends PagedSubList> = SubListPage<L>['rows'][number];

const date = (value: string | null) => <DateDisplay value={value} />;

/** The columns of each sub-list (spec section 7's applicant sub-lists). */
const COLUMNS: { [L in PagedSubList]: PagedTableColumn<RowOf<L>>[] } = {
  qualification: [
    { key: 'course', header: 'Course', isRowHeader: true, render: (row) => row.course },
    { key: 'institution', header: 'Institution', render: (row) => row.institution },
    { key: 'type', header: 'Qualification Type', render: (row) => row.qualificationType },
    { key: 'start', header: 'Start Date', noWrap: true, render: (row) => date(row.startDate) },
    { key: 'end', header: 'End Date', noWrap: true, render: (row) => date(row.endDate) },
  ],
  experience: [
    { key: 'employer', header: 'Employer', isRowHeader: true, render: (row) => row.employer },
    { key: 'position', header: 'Position', render: (row) => row.position },
    { key: 'duties', header: 'Duties', render: (row) => row.duties },
    { key: 'start', header: 'Start Date', noWrap: true, render: (row) => date(row.startDate) },
    { key: 'end', header: 'End Date', noWrap: true, render: (row) => date(row.endDate) },
  ],
  professionalactivities: [
    { key: 'activity', header: 'Activity', isRowHeader: true, render: (row) => row.activity },
    { key: 'organisation', header: 'Organisation', render: (row) => row.organisation },
    { key: 'role', header: 'Role', render: (row) => row.role },
    { key: 'start', header: 'Start Date', noWrap: true, render: (row) => date(row.startDate) },
    { key: 'end', header: 'End Date', noWrap: true, render: (row) => date(row.endDate) },
  ],
  filenotes: [
    { key: 'application', header: 'Application Number', isRowHeader: true, noWrap: true, render: (row) => row.applicationNumber },
    { key: 'note', header: 'Note', render: (row) => row.note },
    { key: 'by', header: 'Written By', render: (row) => row.writtenBy ?? '-' },
    { key: 'on', header: 'Date', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} withTime /> },
  ],
  history: [
    { key: 'application', header: 'Application Number', isRowHeader: true, noWrap: true, render: (row) => row.applicationNumber },
    { key: 'from', header: 'From', render: (row) => [row.fromStatus && statusLabelOf(row.fromStatus), row.fromStage && stageLabelOf(row.fromStage)].filter(Boolean).join(' · ') || '-' },
    { key: 'to', header: 'To', render: (row) => [statusLabelOf(row.toStatus), row.toStage && stageLabelOf(row.toStage)].filter(Boolean).join(' · ') },
    { key: 'note', header: 'Note', render: (row) => row.note || '-' },
    { key: 'by', header: 'Changed By', render: (row) => row.changedBy ?? '-' },
    { key: 'on', header: 'Date', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} withTime /> },
  ],
  applications: [],
  emails: [
    { key: 'subject', header: 'Subject', isRowHeader: true, render: (row) => row.subject },
    { key: 'to', header: 'To', render: (row) => row.toEmail },
    { key: 'status', header: 'Status', render: (row) => row.status },
    { key: 'on', header: 'Date', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} withTime /> },
  ],
};

interface ApplicantSubListProps<L extends PagedSubList> {
  applicantId: string;
  list: L;
  label: string;
  /** Columns given by the caller (the applications list links to pages the route knows). */
  columns?: PagedTableColumn<RowOf<L>>[];
  emptyText?: string;
}

/** One of an applicant's sub-lists as a paged table, read page by page from the server. */
export function ApplicantSubList<L extends PagedSubList>({ applicantId, list, label, columns, emptyText }: ApplicantSubListProps<L>): ReactNode {
  const { page, pageSize, onPageChange, onPageSizeChange } = usePaging();
  const query = useApplicantSubList(applicantId, list, page, pageSize);
  return (
    <PagedTable
      label={label}
      testId={`applicant-${list}`}
      columns={columns ?? (COLUMNS[list] as PagedTableColumn<RowOf<L>>[])}
      rows={(query.data?.rows ?? []) as RowOf<L>[]}
      rowKey={(row) => (row as { id: string }).id}
      page={page}
      pageSize={pageSize}
      totalRows={query.data?.totalRows ?? 0}
      isLoading={query.isFetching}
      error={query.error ? errorMessageOf(query.error) : null}
      emptyText={emptyText ?? 'Nothing recorded.'}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />
  );
}
