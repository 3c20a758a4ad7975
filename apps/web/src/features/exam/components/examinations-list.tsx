import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  EXAMINATION_FILTERS,
  EXAMINATION_FILTER_LABELS,
  EXAM_KIND_LABELS,
  type AvailableTrial,
  type ExaminationFilter,
  type MyExaminationRow,
} from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { DateDisplay } from '../../../components/ui/date-display';
import { DataTable } from '../../../components/ui/data-table';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { ProgramCode } from '../../../components/ui/program-code';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useIsNarrowerThan } from '../../../lib/use-is-narrower-than';
import { usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { useAvailableTrials, useMyExaminations } from '../api/find-my-examinations';
import { useServerNow } from '../hooks/use-server-now';
import { launchWindowState, type LaunchWindowState } from '../model/exam-clock';

export interface ExaminationPaths {
  /** Starts (or resumes) a trial by test id, or a module exam by application module id. */
  launch: (kind: ExamType, referenceId: string) => string;
  sitting: (kind: ExamType, examInstanceId: string) => string;
  review: (examInstanceId: string) => string;
  /** Starts (or resumes) a re-sit's sitting by its re-sit module id (issue 17). */
  launchResit?: (resitModuleId: string) => string;
}

const KIND_DATA = [
  { value: 'all', label: 'All kinds' },
  { value: 'trial', label: EXAM_KIND_LABELS.trial },
  { value: 'module', label: EXAM_KIND_LABELS.module },
];

const RESULT_STATUS: Record<NonNullable<MyExaminationRow['result']>, { label: string; color: string }> = {
  Pass: { label: 'Passed', color: 'green' },
  Fail: { label: 'Not passed', color: 'red' },
  Absent: { label: 'Absent', color: 'gray' },
};

function statusOf(row: MyExaminationRow, windowState: LaunchWindowState): { label: string; color: string } {
  // A released module result says more than how the sitting ended.
  if (row.result) return RESULT_STATUS[row.result];
  if (row.status === 'NotStarted' && row.isClosed) return { label: 'Closed', color: 'gray' };
  switch (row.status) {
    case 'InProgress':
      return { label: 'In progress', color: 'blue' };
    case 'Submitted':
      return { label: 'Submitted', color: 'green' };
    case 'TimedOut':
      return { label: 'Timed out', color: 'orange' };
    case 'NotStarted':
      if (windowState === 'open') return { label: 'Open', color: 'teal' };
      if (windowState === 'startingSoon') return { label: 'Starting soon', color: 'yellow' };
      if (windowState === 'closed') return { label: 'Closed', color: 'gray' };
      return { label: 'Scheduled', color: 'indigo' };
  }
}

function RowAction({ row, windowState, paths }: { row: MyExaminationRow; windowState: LaunchWindowState; paths: ExaminationPaths }) {
  const dates = useDateFormatter();
  if (row.status === 'InProgress' && row.examInstanceId) {
    return (
      <Button size="xs" component={Link} to={paths.sitting(row.kind, row.examInstanceId)}>
        Resume
      </Button>
    );
  }
  if ((row.status === 'Submitted' || row.status === 'TimedOut') && row.examInstanceId) {
    if (row.kind === 'trial') {
      return (
        <Button size="xs" variant="light" component={Link} to={paths.review(row.examInstanceId)}>
          Review
        </Button>
      );
    }
    return <Text size="sm">{row.result ? 'Result released' : 'Waiting for the result'}</Text>;
  }
  // A result recorded by staff (or the application's final result) closes the module: nothing to start.
  if (row.status === 'NotStarted' && row.isClosed) return <Text size="sm">{row.result ? 'Result released' : 'Result recorded'}</Text>;
  // A re-sit's sitting is launched through its re-sit module: a new attempt, the first one kept.
  const startHref = row.resitModuleId ? paths.launchResit?.(row.resitModuleId) : row.applicationModuleId ? paths.launch('module', row.applicationModuleId) : undefined;
  if (row.status === 'NotStarted' && startHref) {
    if (windowState === 'open') {
      return (
        <Button size="xs" component={Link} to={startHref} aria-label={`Start ${row.title}`}>
          Start
        </Button>
      );
    }
    if (windowState === 'startingSoon') {
      return (
        <Stack gap={2}>
          <StatusBadge color="yellow" label="Starting soon" />
          <Text size="xs">Opens {dates.dateTime(row.scheduledAt)}</Text>
        </Stack>
      );
    }
    if (windowState === 'closed') return <Text size="sm">The start window has passed</Text>;
    return <Text size="sm">Opens {dates.dateTime(row.scheduledAt)}</Text>;
  }
  return <Text size="sm">—</Text>;
}

function TrialAction({ trial, paths }: { trial: AvailableTrial; paths: ExaminationPaths }) {
  return trial.inProgressInstanceId ? (
    <Button size="xs" component={Link} to={paths.sitting('trial', trial.inProgressInstanceId)} aria-label={`Resume ${trial.title}`}>
      Resume
    </Button>
  ) : (
    <Button size="xs" component={Link} to={paths.launch('trial', trial.testId)} aria-label={`Start ${trial.title}`}>
      Start
    </Button>
  );
}

/** The trials a candidate may start: a table, or below the md breakpoint one card each with Start at hand. */
function TrialsTable({ trials, paths }: { trials: readonly AvailableTrial[]; paths: ExaminationPaths }) {
  if (trials.length === 0) return <Text c="dimmed">No trial exams are published for your programs yet.</Text>;
  const columns: PagedTableColumn<AvailableTrial>[] = [
    { key: 'title', header: 'Trial exam', isRowHeader: true, render: (trial) => trial.title },
    { key: 'program', header: 'Program', render: (trial) => (trial.programCode ? <ProgramCode code={trial.programCode} /> : '—') },
    { key: 'questions', header: 'Questions', render: (trial) => trial.numOfQuestions },
    { key: 'time', header: 'Time', noWrap: true, render: (trial) => `${trial.overallTime} min` },
    { key: 'attempts', header: 'Attempts', render: (trial) => trial.attempts },
    { key: 'action', header: 'Action', isAction: true, isHeaderHidden: true, render: (trial) => <TrialAction trial={trial} paths={paths} /> },
  ];
  return <DataTable label="Trial exams" columns={columns} rows={trials} rowKey={(trial) => trial.testId} minWidth={640} testId="trial-exams" striped />;
}

/** A trial's released score, or a module's released result percentage. */
function scoreOf(row: MyExaminationRow): string {
  if (row.percentage !== null) return `${row.score ?? 0} (${row.percentage}%)`;
  if (row.resultPercentage !== null) return `${row.resultPercentage}%`;
  return '—';
}

/**
 * The applicant's Examinations: trial exams to start at any time, then every sitting with the
 * spec's filters and kinds. A scheduled module exam shows Start only inside its window on the
 * server's clock, and "Starting soon" from 5 minutes before.
 */
export function ExaminationsList({ paths }: { paths: ExaminationPaths }) {
  const [filter, setFilter] = useState<ExaminationFilter>('All');
  const [kind, setKind] = useState<ExamType | undefined>(undefined);
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const serverNow = useServerNow();
  const examinations = useMyExaminations({ filter, kind, page, pageSize });
  const trials = useAvailableTrials();
  const isNarrow = useIsNarrowerThan('sm');

  const columns: PagedTableColumn<MyExaminationRow>[] = [
    {
      key: 'title',
      header: 'Examination',
      isRowHeader: true,
      render: (row) => (
        <Stack gap={0}>
          <Text fw={500}>{row.title}</Text>
          <Text size="xs" c="dimmed">
            {[row.programCode, row.moduleCode, row.applicationNumber].filter(Boolean).join(' · ') || '—'}
          </Text>
        </Stack>
      ),
    },
    { key: 'kind', header: 'Kind', render: (row) => EXAM_KIND_LABELS[row.kind], noWrap: true },
    {
      key: 'when',
      header: 'Date',
      noWrap: true,
      render: (row) => <DateDisplay value={row.kind === 'module' ? (row.scheduledAt ?? row.startedOn) : (row.startedOn ?? row.scheduledAt)} withTime />,
    },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (row) => {
        const status = statusOf(row, launchWindowState(serverNow, row.scheduledAt, row.windowClosesAt));
        return <StatusBadge label={status.label} color={status.color} />;
      },
    },
    { key: 'score', header: 'Score', noWrap: true, render: scoreOf },
    { key: 'action', header: 'Action', isAction: true, render: (row) => <RowAction row={row} windowState={launchWindowState(serverNow, row.scheduledAt, row.windowClosesAt)} paths={paths} /> },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="trials-heading">
        <Title order={2} size="h4" id="trials-heading" mb={4}>
          Trial exams
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Practice exams you can take at any time. Your score and the correct answers are shown when you submit.
        </Text>
        {trials.error ? (
          <Alert color="red" variant="light" title="Could not load the trial exams">
            {errorMessageOf(trials.error)}
          </Alert>
        ) : (
          <TrialsTable trials={trials.data ?? []} paths={paths} />
        )}
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sittings-heading">
        <Title order={2} size="h4" id="sittings-heading" mb="md">
          Your examinations
        </Title>
        <Group gap="md" mb="md" wrap="wrap" align="flex-end">
          <SegmentedControl
            // Four filters do not fit side by side on a phone: one above the other there.
            orientation={isNarrow ? 'vertical' : 'horizontal'}
            fullWidth={isNarrow}
            w={isNarrow ? '100%' : undefined}
            aria-label="Examinations to show"
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
            w={isNarrow ? '100%' : 160}
          />
        </Group>
        <PagedTable
          label="Your examinations"
          columns={columns}
          {...pagedTableProps(examinations, paging)}
          rowKey={(row) => row.examInstanceId ?? `${row.kind}-${row.applicationModuleId ?? row.testId}`}
          // Only online sittings are listed here: a re-sit at a venue shows under Your re-sits (issue 45).
          emptyText={filter === 'Resits' ? 'No online re-sits to show. A re-sit at a venue or test centre is listed under Your re-sits.' : 'No examinations to show.'}
          testId="my-examinations"
        />
      </Paper>
    </Stack>
  );
}
