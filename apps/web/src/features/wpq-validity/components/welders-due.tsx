import { Anchor, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { WPQ_VALIDITY_OPTIONS } from '@certs/shared/wpq/wpq-record.contract';
import { WPQ_DUE_LABELS, revalidationRequestLabel, type WpqRenewalRow } from '@certs/shared/wpq/wpq-validity.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { SearchInput } from '../../../components/ui/search-input';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { pagesOf, type CsvColumn } from '../../../lib/export-csv';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { findWeldersDue, useWeldersDue } from '../api/validity';

const WITHIN_DAYS = [30, 60, 90, 180, 365] as const;

/** The welders due as a file, with both dates that can fall due. */
export const WELDER_DUE_CSV_COLUMNS: readonly CsvColumn<WpqRenewalRow>[] = [
  { header: 'Welder', value: (row) => row.welderName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Certificate Number', value: (row) => row.certificateNumber },
  { header: 'Program Code', value: (row) => row.programCode },
  { header: 'Employer', value: (row) => row.companyName },
  { header: 'Validity Option', value: (row) => WPQ_VALIDITY_OPTIONS.find((option) => option.value === row.option)?.label ?? row.option },
  { header: 'Due', value: (row) => (row.revalidationRequest ? revalidationRequestLabel(row.revalidationRequest) : WPQ_DUE_LABELS[row.due]) },
  { header: 'Due on', value: (row, dates) => dates.date(row.dueOn) },
  { header: 'Next Confirmation Due', value: (row, dates) => dates.date(row.nextConfirmationDue) },
  { header: 'Valid Until', value: (row, dates) => dates.date(row.validUntil) },
];

const SUBMITTED_BY = { welder: 'the welder', employer: 'the employer', staff: 'staff' } as const;

/** What is due; an open revalidation request first, as a request waiting for staff (issue 45 item 6). */
function DueCell({ row }: { row: WpqRenewalRow }) {
  const dates = useDateFormatter();
  if (!row.revalidationRequest) return <>{WPQ_DUE_LABELS[row.due]}</>;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {revalidationRequestLabel(row.revalidationRequest)}
      </Text>
      <Text size="xs" c="dimmed">
        Asked {dates.date(row.revalidationRequest.submittedOn)} by {SUBMITTED_BY[row.revalidationRequest.submittedBy]}; then {WPQ_DUE_LABELS[row.due].toLowerCase()} due
      </Text>
    </Stack>
  );
}

/**
 * Welders whose next 6-monthly confirmation, revalidation (9.3 b) or new test falls due soon, in the
 * programs the staff member may see (`applicant/search/wpqrenewal`), soonest first; each opens its
 * application page, where the link is sent, a confirmation made or a revalidation decided.
 */
export function WeldersDue({ hrefOf }: { hrefOf: (row: WpqRenewalRow) => string }) {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const search = useDebouncedSearch(resetPage);
  const [withinDays, setWithinDays] = useState(60);
  const filter = { withinDays, searchTerm: search.term };
  const due = useWeldersDue({ page, pageSize, ...filter });
  const columns: readonly PagedTableColumn<WpqRenewalRow>[] = [
    {
      key: 'welder',
      header: 'Welder',
      isRowHeader: true,
      render: (row) => (
        <Anchor component={Link} to={hrefOf(row)} aria-label={`Welder qualification of ${row.welderName}`}>
          {row.welderName}
        </Anchor>
      ),
    },
    { key: 'certificate', header: 'Certificate Number', noWrap: true, render: (row) => row.certificateNumber },
    { key: 'program', header: 'Program Code', noWrap: true, render: (row) => row.programCode },
    { key: 'employer', header: 'Employer', render: (row) => row.companyName ?? 'None on record' },
    { key: 'due', header: 'Due', render: (row) => <DueCell row={row} /> },
    { key: 'dueOn', header: 'Due on', noWrap: true, render: (row) => <DateDisplay value={row.dueOn} /> },
  ];
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <SearchInput search={search} description="Welder, email, certificate or employer" w={320} />
        <NativeSelect
          label="Due within"
          value={String(withinDays)}
          onChange={(event) => {
            setWithinDays(Number(event.currentTarget.value));
            resetPage();
          }}
          data={WITHIN_DAYS.map((days) => ({ value: String(days), label: `${days} days` }))}
        />
        <ExportButton table="Welders due" fileName={`welders-due-within-${withinDays}-days.csv`} source={{ kind: 'pages', columns: WELDER_DUE_CSV_COLUMNS, fetchPage: pagesOf(findWeldersDue, filter) }} />
      </Group>
      <PagedTable
        label="Welders due"
        testId="welders-due"
        columns={columns}
        rows={due.data?.rows ?? []}
        rowKey={(row) => row.wpqRecordId}
        page={page}
        pageSize={pageSize}
        totalRows={due.data?.totalRows ?? 0}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        isLoading={due.isPending}
        error={due.error ? errorMessageOf(due.error) : null}
        emptyText="No welder has anything due in that time."
      />
    </Stack>
  );
}
