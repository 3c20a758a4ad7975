import { Anchor, Checkbox, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { questionLabel } from '@certs/shared/question-bank/question-type';
import type { QuestionListRow } from '@certs/shared/question-bank/question.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';
import { DifficultyBadge, QuestionTypeBadge } from './question-badges';

interface QuestionsTableProps {
  rows: readonly QuestionListRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  hrefOf: (question: QuestionListRow) => string;
  /** Ids chosen for export; absent: no selection column. */
  selected?: ReadonlySet<string>;
  onToggle?: (id: string, isSelected: boolean) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

function titles(items: readonly { title: string }[]): string {
  return items.length ? items.map((item) => item.title).join(', ') : '-';
}

/** The questions table as a file: each question's text in full. */
export const QUESTION_CSV_COLUMNS: readonly CsvColumn<QuestionListRow>[] = [
  { header: 'No.', value: (question) => questionLabel(question.questionNumber) },
  { header: 'Version', value: (question) => question.version },
  { header: 'Question', value: (question) => question.contentText },
  { header: 'Type', value: (question) => question.questionType },
  { header: 'Difficulty', value: (question) => question.difficulty },
  { header: 'Options', value: (question) => question.numOfOptions },
  { header: 'Subjects', value: (question) => titles(question.subjects) },
  { header: 'Tags', value: (question) => titles(question.tags) },
  { header: 'Created', value: (question, dates) => dates.date(question.createdOn) },
  { header: 'Modified', value: (question, dates) => dates.date(question.modifiedOn) },
];

/** The bank: number, question, type, difficulty, subjects, tags, created and modified (spec section 3). */
export function QuestionsTable({ hrefOf, selected, onToggle, ...rest }: QuestionsTableProps) {
  const columns: PagedTableColumn<QuestionListRow>[] = [];
  if (selected && onToggle) {
    columns.push({
      key: 'select',
      header: 'Select',
      render: (question) => (
        <Checkbox
          aria-label={`Select ${questionLabel(question.questionNumber)}`}
          checked={selected.has(question.id)}
          onChange={(event) => onToggle(question.id, event.currentTarget.checked)}
        />
      ),
    });
  }
  columns.push(
    {
      key: 'number',
      header: 'No.',
      isRowHeader: true,
      noWrap: true,
      render: (question) => (
        <Anchor component={Link} to={hrefOf(question)} fw={600} style={{ whiteSpace: 'nowrap' }} aria-label={`${questionLabel(question.questionNumber)}: ${question.contentText.slice(0, 60)}`}>
          {questionLabel(question.questionNumber)}
        </Anchor>
      ),
    },
    {
      key: 'content',
      header: 'Question',
      render: (question) => (
        <Text size="sm" lineClamp={2} miw={260} maw={520}>
          {question.contentText}
        </Text>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      render: (question) => (
        <Group gap={4} wrap="nowrap">
          <QuestionTypeBadge type={question.questionType} />
          {question.version > 1 && (
            <Text size="xs" c="dimmed">
              v{question.version}
            </Text>
          )}
        </Group>
      ),
    },
    { key: 'difficulty', header: 'Difficulty', noWrap: true, render: (question) => <DifficultyBadge difficulty={question.difficulty} /> },
    { key: 'subjects', header: 'Subjects', render: (question) => titles(question.subjects) },
    { key: 'tags', header: 'Tags', render: (question) => titles(question.tags) },
    { key: 'created', header: 'Created', noWrap: true, render: (question) => <DateDisplay value={question.createdOn} /> },
    { key: 'modified', header: 'Modified', noWrap: true, render: (question) => <DateDisplay value={question.modifiedOn} /> },
  );
  return <PagedTable label="Questions" testId="questions-table" columns={columns} rowKey={(question) => question.id} emptyText="No questions match." {...rest} />;
}
