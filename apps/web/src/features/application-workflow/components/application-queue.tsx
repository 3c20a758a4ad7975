import { Anchor, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApplicationQueueRow } from '@certs/shared/application/application-stage.contract';
import { APPLICATION_STATUSES, APPLICATION_TYPES, APPLICATION_TYPE_PATHS, type ApplicationStatus, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { WORKFLOW_STAGE_OPTIONS, stageLabelOf, statusLabelOf } from '@certs/shared/application/application-labels';
import { statusesOf } from '@certs/shared/application/application-workflow';
import { ApplicationStatusBadge } from '../../../components/ui/application-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { EmailAddress } from '../../../components/ui/unbroken-text';
import { csvFileName, pagesOf, type CsvColumn } from '../../../lib/export-csv';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import type { ApplicationQueueParams } from '../api/application-workflow.keys';
import { findApplicationQueue, useApplicationQueue } from '../api/find-application-queue';
import { SearchInput } from '../../../components/ui/search-input';

interface ApplicationQueueProps {
  type: ApplicationTypePath;
  /** One program's applications; without it, every program the caller may see, each row naming its program. */
  programId?: string;
  hrefOf: (row: ApplicationQueueRow) => string;
  /** Across programs: where a row's program code leads (that program's own queue). */
  programHrefOf?: (row: ApplicationQueueRow) => string;
  /** One program's queue: its code, for the exported file's name. */
  programCode?: string;
}

/**
 * The status filter's choices: the type's statuses; across programs (All applications), also the
 * statuses only other types reach, shown but not chosen, saying where they are (issue 45 item 10:
 * "Applied for Renewal" is found under Certification and AICIP, not missing).
 */
export function statusOptionsOf(type: ApplicationTypePath, isAcrossPrograms: boolean): { value: string; label: string; disabled?: boolean }[] {
  const own = statusesOf(type);
  const options: { value: string; label: string; disabled?: boolean }[] = [{ value: '', label: 'All statuses' }, ...own.map((s) => ({ value: s, label: statusLabelOf(s) }))];
  if (!isAcrossPrograms) return options;
  const elsewhere = (status: ApplicationStatus) => APPLICATION_TYPE_PATHS.filter((path) => statusesOf(path).includes(status)).map((path) => APPLICATION_TYPES[path].label);
  for (const status of APPLICATION_STATUSES.filter((s) => !own.includes(s))) {
    options.push({ value: status, label: `${statusLabelOf(status)}: ${elsewhere(status).join(' and ')} only`, disabled: true });
  }
  return options;
}

/** The queue as a file: the spec's columns, the applicant and the assessor. */
export function applicationQueueCsvColumns(type: ApplicationTypePath): CsvColumn<ApplicationQueueRow>[] {
  return [
    { header: 'Application Number', value: (row) => row.applicationNumber },
    { header: 'Applicant', value: (row) => row.applicantName },
    { header: 'Applicant Email', value: (row) => row.applicantEmail },
    { header: 'Program Code', value: (row) => row.programCode },
    { header: 'Program Title', value: (row) => row.programTitle },
    { header: 'Application Date', value: (row, dates) => dates.date(row.applicationDate) },
    { header: 'Type', value: () => APPLICATION_TYPES[type].label },
    { header: 'Status', value: (row) => statusLabelOf(row.status) },
    { header: 'Stage', value: (row) => (row.workflowStage ? stageLabelOf(row.workflowStage) : '') },
    { header: 'Assessor', value: (row) => row.assessorName },
  ];
}

/**
 * A program's applications: the spec's columns (Application Number, Program Code, Program Title,
 * Application Date, Type, Status) with the applicant beside the number; searched by number, name
 * and email; filtered by status and stage; by number, newest first unless asked otherwise.
 */
export function ApplicationQueue({ type, programId, hrefOf, programHrefOf, programCode }: ApplicationQueueProps) {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [status, setStatus] = useState('');
  const [stage, setStage] = useState('');
  const [ascending, setAscending] = useState(false);
  const filter: Omit<ApplicationQueueParams, 'page' | 'pageSize'> = { programId, status, stage, searchTerm: search.term, ascending };
  const queue = useApplicationQueue(type, { page, pageSize, ...filter });

  const columns: PagedTableColumn<ApplicationQueueRow>[] = [
    {
      key: 'number',
      header: 'Application Number',
      isRowHeader: true,
      noWrap: true,
      render: (row) => (
        <Anchor component={Link} to={hrefOf(row)} fw={600}>
          {row.applicationNumber}
        </Anchor>
      ),
    },
    {
      key: 'applicant',
      header: 'Applicant',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.applicantName}</Text>
          <Text size="xs" c="dimmed">
            <EmailAddress email={row.applicantEmail} />
          </Text>
        </Stack>
      ),
    },
    {
      key: 'code',
      header: 'Program Code',
      noWrap: true,
      render: (row) =>
        programHrefOf ? (
          <Anchor component={Link} to={programHrefOf(row)} aria-label={`Applications of ${row.programCode}`}>
            {row.programCode}
          </Anchor>
        ) : (
          row.programCode
        ),
    },
    { key: 'title', header: 'Program Title', render: (row) => row.programTitle },
    { key: 'date', header: 'Application Date', noWrap: true, render: (row) => <DateDisplay value={row.applicationDate} /> },
    { key: 'type', header: 'Type', noWrap: true, render: () => APPLICATION_TYPES[type].label },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (row) => (
        <Stack gap={2}>
          <ApplicationStatusBadge status={row.status} />
          {row.workflowStage && (
            <Text size="xs" c="dimmed">
              {stageLabelOf(row.workflowStage)}
            </Text>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <SearchInput search={search} placeholder="Number, applicant name or email" w={320} />
        <NativeSelect
          label="Status"
          value={status}
          data={statusOptionsOf(type, !programId)}
          onChange={(event) => {
            setStatus(event.currentTarget.value);
            resetPage();
          }}
        />
        <NativeSelect
          label="Stage"
          value={stage}
          data={[{ value: '', label: 'All stages' }, ...WORKFLOW_STAGE_OPTIONS]}
          onChange={(event) => {
            setStage(event.currentTarget.value);
            resetPage();
          }}
        />
        <NativeSelect
          label="Order"
          value={ascending ? 'asc' : 'desc'}
          data={[
            { value: 'desc', label: 'Newest number first' },
            { value: 'asc', label: 'Oldest number first' },
          ]}
          onChange={(event) => {
            setAscending(event.currentTarget.value === 'asc');
            resetPage();
          }}
        />
        <ExportButton
          table="Applications"
          fileName={csvFileName(APPLICATION_TYPES[type].label, 'applications', programCode)}
          source={{ kind: 'pages', columns: applicationQueueCsvColumns(type), fetchPage: pagesOf((params: ApplicationQueueParams) => findApplicationQueue(type, params), filter) }}
        />
      </Group>
      <PagedTable
        label="Applications"
        testId="application-queue"
        columns={columns}
        {...pagedTableProps(queue, paging)}
        rowKey={(row) => row.id}
        emptyText="No submitted applications match."
        minWidth={900}
      />
    </Stack>
  );
}
