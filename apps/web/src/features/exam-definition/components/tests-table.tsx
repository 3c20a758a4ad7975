import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ExamDefinitionListRow } from '@certs/shared/exam-definition/exam-definition.contract';
import { formatMarks, marksInHundredths } from '@certs/shared/exam-definition/exam-definition-rules';
import { EXAM_DEFINITION_STATUS_INFO } from '@certs/shared/exam-definition/exam-definition-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';
import { programTypeLabel, testLabel, testTypeLabel } from './test-labels';
import { TestStatusBadge } from './test-status-badge';

/** The tests table as a file. */
export const TEST_CSV_COLUMNS: readonly CsvColumn<ExamDefinitionListRow>[] = [
  { header: 'No.', value: (test) => testLabel(test.testNumber) },
  { header: 'Title', value: (test) => test.title },
  { header: 'Cloned', value: (test) => (test.isCloned ? 'Yes' : 'No') },
  { header: 'Type', value: (test) => testTypeLabel(test.testType) },
  { header: 'Program Type', value: (test) => programTypeLabel(test.programType) },
  { header: 'Program Code', value: (test) => test.programModule?.programCode },
  { header: 'Module Code', value: (test) => test.programModule?.moduleCode },
  { header: 'Questions', value: (test) => test.numOfQuestions },
  { header: 'Marks', value: (test) => formatMarks(test.marksTotal) },
  { header: 'Total Test Marks', value: (test) => formatMarks(test.totalTestMarks) },
  { header: 'Time (min)', value: (test) => test.overallTime },
  { header: 'Status', value: (test) => EXAM_DEFINITION_STATUS_INFO[test.status].label },
  { header: 'Published', value: (test, dates) => dates.date(test.publishedOn) },
  { header: 'Modified', value: (test, dates) => dates.dateTime(test.modifiedOn) },
];

interface TestsTableProps {
  rows: readonly ExamDefinitionListRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  hrefOf: (test: ExamDefinitionListRow) => string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Tests: number, title, type, program type and module, questions, marks, time, status, modified. */
export function TestsTable({ hrefOf, ...rest }: TestsTableProps) {
  const columns: PagedTableColumn<ExamDefinitionListRow>[] = [
    { key: 'number', header: 'No.', noWrap: true, render: (test) => testLabel(test.testNumber) },
    {
      key: 'title',
      header: 'Title',
      isRowHeader: true,
      render: (test) => (
        <>
          <Anchor component={Link} to={hrefOf(test)} fw={600}>
            {test.title}
          </Anchor>
          {test.isCloned && (
            <Text size="xs" c="dimmed">
              Cloned
            </Text>
          )}
        </>
      ),
    },
    { key: 'type', header: 'Type', render: (test) => testTypeLabel(test.testType) },
    {
      key: 'program',
      header: 'Program',
      render: (test) => (
        <>
          <Text size="sm">{programTypeLabel(test.programType)}</Text>
          {test.programModule && (
            <Text size="xs" c="dimmed">
              {test.programModule.programCode} · {test.programModule.moduleCode}
            </Text>
          )}
        </>
      ),
    },
    { key: 'questions', header: 'Questions', align: 'right', render: (test) => test.numOfQuestions },
    {
      key: 'marks',
      header: 'Marks',
      align: 'right',
      noWrap: true,
      render: (test) => (
        <Text size="sm" c={marksInHundredths(test.marksTotal) === marksInHundredths(test.totalTestMarks) ? undefined : 'red.9'} span>
          {formatMarks(test.marksTotal)} / {formatMarks(test.totalTestMarks)}
        </Text>
      ),
    },
    { key: 'time', header: 'Time', align: 'right', noWrap: true, render: (test) => `${test.overallTime} min` },
    { key: 'status', header: 'Status', noWrap: true, render: (test) => <TestStatusBadge status={test.status} /> },
    { key: 'modified', header: 'Modified', noWrap: true, render: (test) => <DateDisplay value={test.modifiedOn} withTime /> },
  ];
  return <PagedTable label="Tests" testId="tests-table" columns={columns} rowKey={(test) => test.id} emptyText="No tests match." {...rest} />;
}
