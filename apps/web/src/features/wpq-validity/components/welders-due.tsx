import { Anchor, Group, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { WPQ_DUE_LABELS, type WpqRenewalRow } from '@certs/shared/wpq/wpq-validity.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { SearchInput } from '../../../components/ui/search-input';
import { errorMessageOf } from '../../../lib/api-client';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { useWeldersDue } from '../api/validity';

const WITHIN_DAYS = [30, 60, 90, 180, 365] as const;

/**
 * Welders whose next 6-monthly confirmation, revalidation (9.3 b) or new test falls due soon, in the
 * programs the staff member may see (`applicant/search/wpqrenewal`), soonest first; each opens its
 * application page, where the link is sent, a confirmation made or a revalidation decided.
 */
export function WeldersDue({ hrefOf }: { hrefOf: (row: WpqRenewalRow) => string }) {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const search = useDebouncedSearch(resetPage);
  const [withinDays, setWithinDays] = useState(60);
  const due = useWeldersDue({ page, pageSize, withinDays, searchTerm: search.term });
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
    { key: 'employer', header: 'Employer', render: (row) => row.companyName ?? '-' },
    { key: 'due', header: 'Due', render: (row) => WPQ_DUE_LABELS[row.due] },
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
