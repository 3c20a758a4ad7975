import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_ENTITIES, SEARCH_ENTITY_LABELS, type AdvancedSearchFilters, type SearchEntity, type SearchResultRow } from '@certs/shared/advanced-search/advanced-search.contract';
import { MEMBERSHIP_TYPE_LABELS, MEMBERSHIP_TYPES } from '@certs/shared/applicant/applicant.contract';
import { APPLICATION_STATUS_OPTIONS, WORKFLOW_STAGE_OPTIONS, statusLabelOf } from '@certs/shared/application/application-labels';
import { AWARD_STATUS_LABELS, AWARD_STATUSES } from '@certs/shared/award/award-status';
import { PAYMENT_STATUSES } from '@certs/shared/payment/payment-status';
import { PROGRAM_TYPE_INFO } from '@certs/shared/program/program-type';
import type { ReportProgram } from '@certs/shared/report/report.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { errorMessageOf } from '../../../lib/api-client';
import type { CsvColumn } from '../../../lib/export-csv';
import { usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { searchPage, useAdvancedSearch, useDeleteSavedSearch, useSavedSearches, useSaveSearch } from '../api/advanced-search';
import { DateField } from '../../../components/ui/date-field';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
type Form = { entity: SearchEntity; searchTerm: string; programId: string; programType: string; status: string; stage: string; from: string; to: string; membership: string };
const EMPTY: Form = { entity: 'applications', searchTerm: '', programId: '', programType: '', status: '', stage: '', from: '', to: '', membership: '' };

const STATUS_OPTIONS: Record<SearchEntity, { value: string; label: string }[]> = {
  applications: APPLICATION_STATUS_OPTIONS,
  applicants: [],
  awards: AWARD_STATUSES.map((s) => ({ value: s, label: AWARD_STATUS_LABELS[s] })),
  payments: PAYMENT_STATUSES.map((s) => ({ value: s, label: s })),
};

/** The filters the API takes: blanks dropped, days only when complete. */
export function filtersOf(form: Form): AdvancedSearchFilters {
  return {
    entity: form.entity,
    searchTerm: form.searchTerm.trim() || undefined,
    programId: form.programId || undefined,
    programType: form.programType ? Number(form.programType) : undefined,
    status: form.status || undefined,
    stage: form.entity === 'applications' && form.stage ? form.stage : undefined,
    from: DAY.test(form.from) ? form.from : undefined,
    to: DAY.test(form.to) ? form.to : undefined,
    membership: (form.membership || undefined) as AdvancedSearchFilters['membership'],
  };
}

function formOf(filters: AdvancedSearchFilters): Form {
  return { ...EMPTY, ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === undefined ? '' : String(v)])) } as Form;
}

const columns: PagedTableColumn<SearchResultRow>[] = [
  {
    key: 'reference',
    header: 'Reference',
    isRowHeader: true,
    noWrap: true,
    render: (row) =>
      row.link ? (
        <Anchor component={Link} to={row.link} size="sm">
          {row.reference || '-'}
        </Anchor>
      ) : (
        row.reference || '-'
      ),
  },
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'email', header: 'Email', render: (row) => row.email },
  { key: 'program', header: 'Program', render: (row) => (row.programCode ? `${row.programCode} ${row.programTitle}` : '-') },
  { key: 'status', header: 'Status', noWrap: true, render: (row) => (row.status ? statusLabelOf(row.status) : '-') },
  { key: 'date', header: 'Date', noWrap: true, render: (row) => <DateDisplay value={row.date} /> },
];

const csvColumns: CsvColumn<SearchResultRow>[] = [
  { header: 'Reference', value: (row) => row.reference || '-' },
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Program', value: (row) => (row.programCode ? `${row.programCode} ${row.programTitle}` : '-') },
  { header: 'Status', value: (row) => (row.status ? statusLabelOf(row.status) : '-') },
  { header: 'Date', value: (row, dates) => dates.date(row.date) },
];

/** `advancesearch`: one search across applications, applicants, awards and payments, with saved searches. */
export function AdvancedSearchView({ programs }: { programs: readonly ReportProgram[] }) {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const [form, setForm] = useState<Form>(EMPTY);
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(form, 300);
  const filters = filtersOf(debounced);
  const results = useAdvancedSearch(filters, page, pageSize);
  const saved = useSavedSearches();
  const save = useSaveSearch();
  const remove = useDeleteSavedSearch();
  // Text fields hand in their event, date fields their day.
  const set = (field: keyof Form) => (input: string | { currentTarget: { value: string } }) => {
    const value = typeof input === 'string' ? input : input.currentTarget.value;
    setForm((current) => ({ ...current, [field]: value, ...(field === 'entity' ? { status: '', stage: '' } : {}) }));
    resetPage();
  };
  const saveCurrent = () =>
    save.mutate(
      { name, filters: filtersOf(form) },
      { onSuccess: () => (setName(''), notifications.show({ color: 'green', message: 'Search saved' })), onError: (error) => notifications.show({ color: 'red', title: 'Not saved', message: errorMessageOf(error) }) },
    );
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="advanced-search-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3" id="advanced-search-heading">
            Advanced search
          </Title>
          <ExportButton<SearchResultRow>
            table={SEARCH_ENTITY_LABELS[filters.entity ?? 'applications']}
            fileName={`${filters.entity ?? 'applications'}-search.csv`}
            source={{ kind: 'pages', columns: csvColumns, fetchPage: (p, size) => searchPage(filters, p, size) }}
          />
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect label="Search in" value={form.entity} onChange={set('entity')} data={SEARCH_ENTITIES.map((e) => ({ value: e, label: SEARCH_ENTITY_LABELS[e] }))} w={160} />
          <TextInput label="Name, email or number" value={form.searchTerm} onChange={set('searchTerm')} w={240} />
          <NativeSelect label="Program" value={form.programId} onChange={set('programId')} data={[{ value: '', label: 'All my programs' }, ...programs.map((p) => ({ value: p.id, label: `${p.programCode} ${p.programTitle}` }))]} w={240} />
          <NativeSelect label="Type" value={form.programType} onChange={set('programType')} data={[{ value: '', label: 'Any type' }, ...Object.entries(PROGRAM_TYPE_INFO).map(([value, info]) => ({ value, label: info.label }))]} w={180} />
          {STATUS_OPTIONS[form.entity].length > 0 && <NativeSelect label="Status" value={form.status} onChange={set('status')} data={[{ value: '', label: 'Any status' }, ...STATUS_OPTIONS[form.entity]]} w={220} />}
          {form.entity === 'applications' && <NativeSelect label="Stage" value={form.stage} onChange={set('stage')} data={[{ value: '', label: 'Any stage' }, ...WORKFLOW_STAGE_OPTIONS]} w={220} />}
          <NativeSelect label="Membership" value={form.membership} onChange={set('membership')} data={[{ value: '', label: 'Any' }, ...MEMBERSHIP_TYPES.map((m) => ({ value: m, label: MEMBERSHIP_TYPE_LABELS[m] }))]} w={180} />
          <DateField label="From" value={form.from} onChange={set('from')} w={170} />
          <DateField label="To" value={form.to} onChange={set('to')} w={170} />
        </Group>
        <Group gap="sm" align="flex-end">
          <TextInput label="Save this search as" value={name} onChange={(e) => setName(e.currentTarget.value)} w={240} />
          <Button variant="default" onClick={saveCurrent} disabled={!name.trim()} loading={save.isPending}>
            Save search
          </Button>
          {(saved.data ?? []).map((s) => (
            <Group key={s.id} gap={4}>
              <Button variant="subtle" size="compact-sm" onClick={() => (setForm(formOf(s.filters)), resetPage())}>
                {s.name}
              </Button>
              <Button variant="subtle" color="red" size="compact-sm" aria-label={`Delete saved search ${s.name}`} onClick={() => remove.mutate(s.id)}>
                x
              </Button>
            </Group>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          Only the programs you administer or serve on are searched.
        </Text>
        <PagedTable
          label="Search results"
          testId="advanced-search-results"
          columns={columns}
          {...pagedTableProps(results, paging)}
          rowKey={(row) => `${row.entity}-${row.id}`}
          emptyText="Nothing matches these filters."
          minWidth={1000}
        />
      </Stack>
    </Paper>
  );
}
