import { Anchor, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';
import type { PublishedProgramPage } from '@certs/shared/program/program.contract';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES, type ProgramType } from '@certs/shared/program/program-type';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { errorMessageOf } from '../../../lib/api-client';
import { usePublishedPrograms } from '../api/find-published-programs';
import { ApplicantStatusBadge } from './applicant-status-badge';
import { programTypeName } from './program-type-name';

type PublishedProgramRow = PublishedProgramPage['rows'][number];

const SEARCH_DELAY_MS = 300;
const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...Object.values(PROGRAM_TYPES).map((type) => ({ value: String(type), label: PROGRAM_TYPE_INFO[type as ProgramType].label })),
];

/** Published programs the applicant can apply to: search, type filter, and their status in each. */
export function PublishedProgramsList({ hrefOf }: { hrefOf: (program: PublishedProgramRow) => string }) {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState('');
  const [programType, setProgramType] = useState('');
  const [search] = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const list = usePublishedPrograms({ page, pageSize, search, programType: programType ? Number(programType) : undefined });

  const columns: PagedTableColumn<PublishedProgramRow>[] = [
    {
      key: 'code',
      header: 'Program Code',
      isRowHeader: true,
      noWrap: true,
      render: (program) => (
        <Anchor component={Link} to={hrefOf(program)} fw={600}>
          {program.programCode}
        </Anchor>
      ),
    },
    { key: 'title', header: 'Program Title', render: (program) => program.programTitle },
    { key: 'type', header: 'Program Type', render: (program) => programTypeName(program.programType) },
    { key: 'published', header: 'Published', noWrap: true, render: (program) => <DateDisplay value={program.publishedOn} /> },
    { key: 'status', header: 'Status', noWrap: true, render: (program) => <ApplicantStatusBadge status={program.applicantStatus} /> },
  ];

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search programs"
          type="search"
          placeholder="Code or title"
          w={280}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            setPage(DEFAULT_PAGE);
          }}
        />
        <NativeSelect
          label="Program type"
          w={220}
          data={TYPE_OPTIONS}
          value={programType}
          onChange={(event) => {
            setProgramType(event.currentTarget.value);
            setPage(DEFAULT_PAGE);
          }}
        />
      </Group>
      <PagedTable
        label="Published programs"
        testId="published-programs-table"
        columns={columns}
        rows={list.data?.rows ?? []}
        rowKey={(program) => program.id}
        page={page}
        pageSize={pageSize}
        totalRows={list.data?.totalRows ?? 0}
        isLoading={list.isFetching}
        error={list.error ? errorMessageOf(list.error) : null}
        emptyText="No published programs match."
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(DEFAULT_PAGE);
        }}
      />
    </Stack>
  );
}
