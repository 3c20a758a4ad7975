import { Button, Checkbox, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EXAMINATION_FILTERS, EXAMINATION_FILTER_LABELS, EXAM_KIND_LABELS, type ExaminationFilter, type SittingRow } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { DateDisplay } from '../../../components/ui/date-display';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { pagesOf, type CsvColumn } from '../../../lib/export-csv';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { findSittings, useSittings, type SittingsParams } from '../api/find-sittings';
import { ExtraTimeDialog } from './extra-time-dialog';

const STATUS: Record<SittingRow['status'], { label: string; color: string }> = {
  NotStarted: { label: 'Not started', color: 'indigo' },
  InProgress: { label: 'In progress', color: 'blue' },
  Submitted: { label: 'Submitted', color: 'green' },
  TimedOut: { label: 'Timed out', color: 'orange' },
};

const KIND_DATA = [
  { value: 'all', label: 'All kinds' },
  { value: 'trial', label: EXAM_KIND_LABELS.trial },
  { value: 'module', label: EXAM_KIND_LABELS.module },
];

function resultText(row: SittingRow): string {
  if (row.needsMarking) return 'Waiting for marks';
  if (row.percentage === null) return '—';
  return `${row.percentage}%${row.result ? ` ${row.result}` : ''}`;
}

/**
 * A module sitting with its result written is Marked, not still "Submitted" (issue 21); one never
 * started whose result staff recorded by hand will not be sat (issue 45).
 */
function statusOf(row: SittingRow): { label: string; color: string } {
  if (row.kind === 'module' && row.status === 'NotStarted' && row.isClosed) return { label: 'Result recorded', color: 'gray' };
  return row.kind === 'module' && row.result && !row.needsMarking ? { label: 'Marked', color: 'teal' } : STATUS[row.status];
}

/** The sittings table as a file: who sat what, when, how it ended and the marks. */
export const SITTING_CSV_COLUMNS: readonly CsvColumn<SittingRow>[] = [
  { header: 'Candidate', value: (row) => row.applicantName },
  { header: 'Candidate Email', value: (row) => row.applicantEmail },
  { header: 'Examination', value: (row) => row.title },
  { header: 'Kind', value: (row) => EXAM_KIND_LABELS[row.kind] },
  { header: 'Program Code', value: (row) => row.programCode },
  { header: 'Module Code', value: (row) => row.moduleCode },
  { header: 'Application Number', value: (row) => row.applicationNumber },
  { header: 'Scheduled', value: (row, dates) => dates.dateTime(row.scheduledAt) },
  { header: 'Started', value: (row, dates) => dates.dateTime(row.startedOn) },
  { header: 'Submitted', value: (row, dates) => dates.dateTime(row.submittedOn) },
  { header: 'Extra Minutes', value: (row) => row.extraMinutes },
  { header: 'Status', value: (row) => statusOf(row).label },
  { header: 'Score', value: (row) => row.score },
  { header: 'Percentage', value: (row) => row.percentage },
  { header: 'Result', value: (row) => (row.needsMarking ? 'Waiting for marks' : row.result) },
];

/** Staff's sittings (spec section 2 filters and kinds) with the way to marking and to extra time. */
export function SittingsTable({ markingHref, reviewHref }: { markingHref: (examInstanceId: string) => string; reviewHref?: (examInstanceId: string) => string }) {
  const [filter, setFilter] = useState<ExaminationFilter>('All');
  const [kind, setKind] = useState<ExamType | undefined>(undefined);
  const [needsMarking, setNeedsMarking] = useState(false);
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [extraTimeFor, setExtraTimeFor] = useState<SittingRow | null>(null);
  const params: Omit<SittingsParams, 'page' | 'pageSize'> = { filter, kind, searchTerm: search.term, needsMarking: needsMarking ? true : undefined };
  const sittings = useSittings({ ...params, page, pageSize });

  const columns: PagedTableColumn<SittingRow>[] = [
    {
      key: 'candidate',
      header: 'Candidate',
      isRowHeader: true,
      render: (row) => (
        <Stack gap={0}>
          <Text fw={500}>{row.applicantName}</Text>
          <Text size="xs" c="dimmed">
            {row.applicantEmail}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'exam',
      header: 'Examination',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.title}</Text>
          <Text size="xs" c="dimmed">
            {[EXAM_KIND_LABELS[row.kind], row.programCode, row.moduleCode, row.applicationNumber].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    { key: 'when', header: 'Date', noWrap: true, render: (row) => <DateDisplay value={row.startedOn ?? row.scheduledAt} withTime /> },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (row) => <StatusBadge label={statusOf(row).label} color={statusOf(row).color} />,
    },
    { key: 'result', header: 'Result', noWrap: true, render: (row) => resultText(row) },
    {
      key: 'action',
      header: 'Action',
      render: (row) => {
        const isOver = row.status === 'Submitted' || row.status === 'TimedOut';
        return (
          <Group gap="xs" wrap="nowrap">
            {row.kind === 'module' && isOver && row.examInstanceId && (
              <Button size="xs" variant={row.needsMarking ? 'filled' : 'light'} component={Link} to={markingHref(row.examInstanceId)} aria-label={`${row.needsMarking ? 'Mark' : 'Marks of'} ${row.applicantName}, ${row.title}`}>
                {row.needsMarking ? 'Mark' : 'Marks'}
              </Button>
            )}
            {/* The recording and events of an online module sitting (issue 45 item 12). */}
            {reviewHref && row.kind === 'module' && row.examInstanceId && (
              <Button size="xs" variant="subtle" component={Link} to={reviewHref(row.examInstanceId)} aria-label={`Sitting review of ${row.applicantName}, ${row.title}`}>
                Sitting review
              </Button>
            )}
            {row.kind === 'module' && !isOver && !row.isClosed && row.applicationModuleId && (
              <Button size="xs" variant="default" onClick={() => setExtraTimeFor(row)} aria-label={`Extra time for ${row.applicantName}, ${row.title}`}>
                Extra time{row.extraMinutes > 0 ? ` (${row.extraMinutes} min)` : ''}
              </Button>
            )}
          </Group>
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <Group gap="md" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="Sittings to show"
          value={filter}
          onChange={(value) => {
            setFilter(value as ExaminationFilter);
            resetPage();
          }}
          data={EXAMINATION_FILTERS.map((value) => ({ value, label: EXAMINATION_FILTER_LABELS[value] }))}
        />
        <Select
          label="Kind"
          data={KIND_DATA}
          value={kind ?? 'all'}
          allowDeselect={false}
          onChange={(value) => {
            setKind(value === 'trial' || value === 'module' ? value : undefined);
            resetPage();
          }}
          w={150}
        />
        <TextInput
          label="Search"
          placeholder="Candidate, application number or test"
          value={search.text}
          onChange={(event) => search.onTextChange(event.currentTarget.value)}
          w={280}
        />
        <Checkbox
          label="Waiting for marks"
          checked={needsMarking}
          onChange={(event) => {
            setNeedsMarking(event.currentTarget.checked);
            resetPage();
          }}
          mb={8}
        />
        <ExportButton table="Sittings" fileName={`sittings-${filter.toLowerCase()}.csv`} source={{ kind: 'pages', columns: SITTING_CSV_COLUMNS, fetchPage: pagesOf(findSittings, params) }} />
      </Group>
      <PagedTable
        label="Sittings"
        columns={columns}
        {...pagedTableProps(sittings, paging)}
        rowKey={(row) => row.examInstanceId ?? `${row.kind}-${row.applicationModuleId ?? row.title}`}
        emptyText="No sittings to show."
        testId="sittings"
        minWidth={900}
      />
      {extraTimeFor && <ExtraTimeDialog row={extraTimeFor} onClose={() => setExtraTimeFor(null)} />}
    </Stack>
  );
}
