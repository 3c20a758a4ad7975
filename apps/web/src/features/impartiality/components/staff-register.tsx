import { Alert, Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS, type Role } from '@certs/shared/auth/roles';
import { SOON_LAPSING_DAYS, STAFF_REGISTER_FILTERS, STAFF_REGISTER_FILTER_LABELS, type StaffRegisterFilter, type StaffRegisterRow } from '@certs/shared/impartiality/staff-record.contract';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { SearchInput } from '../../../components/ui/search-input';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useDebouncedSearch } from '../../../lib/use-paging';
import { useStaffRegister } from '../api/staff-records';

function Count({ value, color, label }: { value: number; color: string; label: string }) {
  return value > 0 ? <StatusBadge label={`${value} ${label}`} value={label} color={color} /> : <Text size="sm">0</Text>;
}

/**
 * The account's staff with their authorisations, lapsed qualifications and this year's agreement
 * (issue 43): the register an assessor asks for. `recordPathOf` leads to each person's record.
 */
export function StaffRegister({ recordPathOf }: { recordPathOf: (userId: string) => string }) {
  const [filter, setFilter] = useState<StaffRegisterFilter>('attention');
  const search = useDebouncedSearch();
  const register = useStaffRegister({ filter, searchTerm: search.term });
  const year = register.data?.year;

  const columns: PagedTableColumn<StaffRegisterRow>[] = [
    {
      key: 'name',
      header: 'Staff member',
      isRowHeader: true,
      render: (row) => (
        <Anchor component={Link} to={recordPathOf(row.staff.userId)}>
          {row.staff.name}
        </Anchor>
      ),
    },
    { key: 'role', header: 'Role', render: (row) => ROLE_LABELS[row.staff.role as Role] ?? '-' },
    { key: 'employer', header: 'Employer', render: (row) => row.employerName ?? '-' },
    { key: 'authorisations', header: 'Authorisations', align: 'right', render: (row) => row.authorisations },
    { key: 'lapsed', header: 'Lapsed', noWrap: true, render: (row) => <Count value={row.lapsedAuthorisations} color="red" label="lapsed" /> },
    { key: 'soon', header: 'Lapsing soon', noWrap: true, render: (row) => <Count value={row.soonAuthorisations} color="yellow" label="lapsing" /> },
    { key: 'competences', header: 'Qualifications lapsed', noWrap: true, render: (row) => <Count value={row.lapsedCompetences} color="orange" label="lapsed" /> },
    {
      key: 'agreement',
      header: `Agreement ${year ?? ''}`.trim(),
      noWrap: true,
      render: (row) => (row.signedOn ? <DateDisplay value={row.signedOn} /> : <StatusBadge label="Not signed" value="unsigned" color="red" />),
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Show"
          data={STAFF_REGISTER_FILTERS.map((value) => ({ value, label: STAFF_REGISTER_FILTER_LABELS[value] }))}
          value={filter}
          onChange={(value) => setFilter((value ?? 'all') as StaffRegisterFilter)}
          allowDeselect={false}
          w={360}
        />
        <SearchInput search={search} placeholder="Name or email" w={260} />
      </Group>
      {register.data && (
        <Text size="sm" role="status">
          {register.data.counts.staff} staff: {register.data.counts.lapsed} with a lapsed authorisation, {register.data.counts.soon} with one lapsing within {SOON_LAPSING_DAYS} days,{' '}
          {register.data.counts.unsigned} without the {register.data.year} agreement.
        </Text>
      )}
      {register.error && (
        <Alert color="red" variant="light" title="Not loaded">
          {errorMessageOf(register.error)}
        </Alert>
      )}
      {register.data && register.data.rows.length === 0 && <Text size="sm">Nobody matches.</Text>}
      {register.data && register.data.rows.length > 0 && <DataTable label="Staff records" columns={columns} rows={register.data.rows} rowKey={(row) => row.staff.userId} minWidth={960} striped />}
    </Stack>
  );
}
