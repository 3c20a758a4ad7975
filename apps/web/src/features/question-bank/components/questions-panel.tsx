import { Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DIFFICULTIES, QUESTION_TYPES, type Difficulty, type QuestionType } from '@certs/shared/question-bank/question-type';
import { TRANSFER_FORMAT_LABELS, TRANSFER_FORMATS, type TransferFormat } from '@certs/shared/question-bank/question-transfer.contract';
import type { QuestionListRow } from '@certs/shared/question-bank/question.contract';
import { ExportButton } from '../../../components/ui/export-button';
import { errorMessageOf } from '../../../lib/api-client';
import { pagesOf } from '../../../lib/export-csv';
import { SEARCH_DELAY_MS, usePaging } from '../../../lib/use-paging';
import { useReferences } from '../api/find-references';
import { normalizeSearch, searchQuestions, useQuestionSearch } from '../api/search-questions';
import { saveFile, useExportQuestions } from '../api/transfer-questions';
import { QuestionFilters, emptyQuestionFilters, type QuestionFilterValues } from './question-filters';
import { QUESTION_CSV_COLUMNS, QuestionsTable } from './questions-table';

function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The bank's list: search and filters, paging, a selection, and export of the selection or the whole bank. */
export function QuestionsPanel({ hrefOf }: { hrefOf: (question: QuestionListRow) => string }) {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const [filters, setFilters] = useState<QuestionFilterValues>(emptyQuestionFilters);
  const [text] = useDebouncedValue(filters.text, SEARCH_DELAY_MS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const subjects = useReferences('subject');
  const tags = useReferences('tag');
  const exporter = useExportQuestions();
  const search = {
    page,
    pageSize,
    text,
    questionType: oneOf<QuestionType>(QUESTION_TYPES, filters.questionType),
    difficulty: oneOf<Difficulty>(DIFFICULTIES, filters.difficulty),
    subjectIds: filters.subjectIds,
    tagIds: filters.tagIds,
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
    modifiedFrom: filters.modifiedFrom,
    modifiedTo: filters.modifiedTo,
  };
  const list = useQuestionSearch(search);

  const toggle = (id: string, isSelected: boolean) => {
    const next = new Set(selected);
    if (isSelected) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const selectPage = () => setSelected(new Set([...selected, ...(list.data?.rows ?? []).map((row) => row.id)]));

  const download = async (format: TransferFormat, onlySelected: boolean) => {
    try {
      const file = await exporter.mutateAsync({ format, questionIds: onlySelected ? [...selected] : undefined });
      saveFile(file);
      notifications.show({ color: 'green', title: 'Export ready', message: `${file.count} questions in ${file.fileName}.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not export', message: errorMessageOf(error) });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <QuestionFilters
          values={filters}
          subjects={subjects.data ?? []}
          tags={tags.data ?? []}
          onChange={(next) => {
            setFilters(next);
            resetPage();
          }}
        />
        {list.error && (
          <Text c="red.9" size="sm" role="alert">
            {errorMessageOf(list.error)}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Text size="sm" aria-live="polite">
              {selected.size === 0 ? 'No questions selected' : `${selected.size} selected`}
            </Text>
            <Button size="xs" variant="subtle" onClick={selectPage} disabled={!list.data?.rows.length}>
              Select this page
            </Button>
            {selected.size > 0 && (
              <Button size="xs" variant="subtle" color="gray.8" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <ExportButton
              table="Questions"
              fileName="questions.csv"
              source={{ kind: 'pages', columns: QUESTION_CSV_COLUMNS, fetchPage: pagesOf((params: typeof search) => searchQuestions(normalizeSearch(params)), search) }}
            />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" loading={exporter.isPending}>
                  Export
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {TRANSFER_FORMATS.map((format) => (
                  <Menu.Item key={`all-${format}`} onClick={() => void download(format, false)}>
                    Whole bank as {TRANSFER_FORMAT_LABELS[format]}
                  </Menu.Item>
                ))}
                {TRANSFER_FORMATS.map((format) => (
                  <Menu.Item key={`selected-${format}`} disabled={selected.size === 0} onClick={() => void download(format, true)}>
                    Selected questions as {TRANSFER_FORMAT_LABELS[format]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <QuestionsTable
          rows={list.data?.rows ?? []}
          page={page}
          pageSize={pageSize}
          totalRows={list.data?.totalRows ?? 0}
          isLoading={list.isFetching}
          error={null}
          hrefOf={hrefOf}
          selected={selected}
          onToggle={toggle}
          onPageChange={onPageChange}
          onPageSizeChange={onPageSizeChange}
        />
      </Stack>
    </Paper>
  );
}
