import { Anchor, Group, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PublishedProgramPage } from '@certs/shared/program/program.contract';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES, type ProgramType } from '@certs/shared/program/program-type';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { ProgramCode } from '../../../components/ui/program-code';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { usePublishedPrograms } from '../api/find-published-programs';
import { ApplicantStatusBadge } from './applicant-status-badge';
import { programTypeName } from './program-type-name';
import { SearchInput } from '../../../components/ui/search-input';

type PublishedProgramRow = PublishedProgramPage['rows'][number];

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...Object.values(PROGRAM_TYPES).map((type) => ({ value: String(type), label: PROGRAM_TYPE_INFO[type as ProgramType].label })),
];

/** Published programs the applicant can apply to: search, type filter, and their status in each. */
export function PublishedProgramsList({ hrefOf }: { hrefOf: (program: PublishedProgramRow) => string }) {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [programType, setProgramType] = useState('');
  const list = usePublishedPrograms({ page, pageSize, search: search.term, programType: programType ? Number(programType) : undefined });

  const columns: PagedTableColumn<PublishedProgramRow>[] = [
    {
      key: 'code',
      header: 'Program Code',
      isRowHeader: true,
      noWrap: true,
      render: (program) => (
        <Anchor component={Link} to={hrefOf(program)} fw={600}>
          <ProgramCode code={program.programCode} />
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
        <SearchInput search={search} label="Search programs" placeholder="Code or title" w={280} />
        <NativeSelect
          label="Program type"
          w={220}
          data={TYPE_OPTIONS}
          value={programType}
          onChange={(event) => {
            setProgramType(event.currentTarget.value);
            resetPage();
          }}
        />
      </Group>
      <PagedTable
        label="Published programs"
        testId="published-programs-table"
        columns={columns}
        {...pagedTableProps(list, paging)}
        rowKey={(program) => program.id}
        emptyText="No published programs match."
      />
    </Stack>
  );
}
