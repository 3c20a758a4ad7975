import { Accordion, Alert, Badge, Button, FileInput, Group, List, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  CSV_COLUMNS,
  IMPORT_MESSAGES,
  MAX_IMPORT_CHARACTERS,
  MAX_IMPORT_QUESTIONS,
  TRANSFER_FORMAT_LABELS,
  type ImportPreview,
  type ImportResult,
  type TransferFormat,
} from '@certs/shared/question-bank/question-transfer.contract';
import { questionLabel } from '@certs/shared/question-bank/question-type';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessageOf } from '../../../lib/api-client';
import { saveFile, useImportQuestions, useImportTemplate, usePreviewImport } from '../api/transfer-questions';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

function questions(count: number): string {
  return `${count} ${count === 1 ? 'question' : 'questions'}`;
}

/** How many of the questions to import go to each subject, most first (a question with two subjects counts in both). */
function questionsBySubject(preview: ImportPreview): string {
  const counts = new Map<string, number>();
  for (const item of preview.items.filter((entry) => entry.errors.length === 0)) {
    for (const subject of item.subjects.length ? item.subjects : ['no subject']) counts.set(subject, (counts.get(subject) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([subject, count]) => `${count} in ${subject}`)
    .join(', ');
}

/** What the import does, said before it is done: it cannot be undone from here (issue 45 item 7). */
function WhatTheImportDoes({ preview }: { preview: ImportPreview }) {
  const leftOut = preview.fileWarnings.length > 0 || preview.items.some((item) => item.warnings.length > 0);
  return (
    <Stack gap="xs">
      <Text size="sm">
        {questions(preview.validCount)} will be added to the bank at once, numbered after its last question: {questionsBySubject(preview)}. An import cannot be undone.
      </Text>
      {preview.newSubjects.length + preview.newTags.length > 0 && (
        <Text size="sm">
          New subjects: {preview.newSubjects.join(', ') || 'none'}. New tags: {preview.newTags.join(', ') || 'none'}.
        </Text>
      )}
      {leftOut && <Text size="sm">What the check listed as left out is not kept.</Text>}
    </Stack>
  );
}

const ACCEPT: Record<TransferFormat, string> = { csv: '.csv,text/csv', moodle: '.xml,application/xml,text/xml' };

/**
 * Questions from a CSV file (the documented layout) or Moodle XML: check the file, read what each
 * row becomes and what is wrong with it, then import all of it, or nothing while anything is wrong.
 */
export function ImportPanel() {
  const [format, setFormat] = useState<TransferFormat>('csv');
  const [file, setFile] = useState<File | null>(null);
  const [defaultSubject, setDefaultSubject] = useState('');
  const [defaultTag, setDefaultTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // The checked file as the dialog describes it; kept while the dialog closes after the import cleared the preview.
  const [confirming, setConfirming] = useState<ImportPreview | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const check = usePreviewImport();
  const importFile = useImportQuestions();
  const template = useImportTemplate();

  const request = async () => {
    if (!file) throw new Error(IMPORT_MESSAGES.fileRequired);
    if (file.size > MAX_IMPORT_CHARACTERS) throw new Error(IMPORT_MESSAGES.fileTooLarge);
    return { format, fileName: file.name, content: await file.text(), defaultSubject: defaultSubject.trim() || undefined, defaultTag: defaultTag.trim() || undefined };
  };

  const reset = (next: Partial<{ format: TransferFormat; file: File | null }>) => {
    if (next.format) setFormat(next.format);
    if (next.file !== undefined) setFile(next.file);
    setPreview(null);
    setProblem(null);
  };

  const runCheck = async () => {
    setProblem(null);
    setResult(null);
    try {
      setPreview(await check.mutateAsync(await request()));
    } catch (error) {
      setPreview(null);
      setProblem(error instanceof Error && !('status' in error) ? error.message : errorMessageOf(error));
    }
  };

  const askToImport = (checked: ImportPreview) => {
    setProblem(null);
    setConfirming(checked);
    setConfirmOpen(true);
  };

  // A refusal stays in the dialog with the server's message (ConfirmDialog).
  const runImport = async () => {
    const done = await importFile.mutateAsync(await request());
    setResult(done);
    setPreview(null);
    setFile(null);
    notifications.show({ color: 'green', title: 'Questions imported', message: `${questions(done.imported)} added to the bank.` });
  };

  const downloadTemplate = async () => {
    try {
      saveFile(await template.mutateAsync());
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not download the template', message: errorMessageOf(error) });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id="import-heading">
              Import questions
            </Title>
            <Text size="sm" c="dimmed">
              From a CSV file in the layout below, or from Moodle XML (multichoice, true/false, short answer, essay). At most {MAX_IMPORT_QUESTIONS} questions at a time.
            </Text>
          </Stack>
          <Button variant="light" onClick={() => void downloadTemplate()} loading={template.isPending}>
            Download CSV template
          </Button>
        </Group>
        <SegmentedControl
          aria-label="File format"
          value={format}
          onChange={(value) => reset({ format: value as TransferFormat, file: null })}
          data={[
            { value: 'csv', label: TRANSFER_FORMAT_LABELS.csv },
            { value: 'moodle', label: TRANSFER_FORMAT_LABELS.moodle },
          ]}
          w="fit-content"
        />
        <Group align="flex-end" gap="md" wrap="wrap">
          <FileInput
            label={`${TRANSFER_FORMAT_LABELS[format]} file`}
            placeholder="Choose a file"
            accept={ACCEPT[format]}
            value={file}
            onChange={(chosen) => reset({ file: chosen })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
            w={320}
          />
          <TextInput
            label="Subject for questions without one"
            description={format === 'moodle' ? 'Questions outside any category' : 'Rows with a blank Subjects cell'}
            w={260}
            value={defaultSubject}
            onChange={(event) => setDefaultSubject(event.currentTarget.value)}
          />
          <TextInput
            label="Tag for questions without one"
            description={format === 'moodle' ? 'Questions without Moodle tags or a sub-category' : 'Rows with a blank Tags cell'}
            w={260}
            value={defaultTag}
            onChange={(event) => setDefaultTag(event.currentTarget.value)}
          />
          <Button onClick={() => void runCheck()} loading={check.isPending} disabled={!file}>
            Check file
          </Button>
        </Group>
        {format === 'csv' && (
          <Accordion variant="contained" radius="md">
            <Accordion.Item value="layout">
              <Accordion.Control>CSV column layout</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" mb="xs">
                  A header row names the columns (any order, any case). Each further row is one question.
                </Text>
                <List size="sm" spacing={2}>
                  {CSV_COLUMNS.filter((column) => column.note).map((column) => (
                    <List.Item key={column.name}>
                      <strong>{column.name}</strong>
                      {column.name === 'Option 1' ? ' … Option 10' : ''}: {column.note}
                    </List.Item>
                  ))}
                </List>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
        {format === 'moodle' && (
          <Text size="sm" c="dimmed">
            The first level of a Moodle category becomes the subject and deeper levels become tags, with the question&apos;s own Moodle tags. A &quot;difficulty:Hard&quot; tag sets the difficulty. Images in the question text are kept with their sizes; what the bank has no place for (names, feedback, hints, marks, penalties) is listed before anything is imported.
          </Text>
        )}
        {problem && (
          <Alert color="red" variant="light" title="Nothing was imported" role="alert" styles={READABLE_TITLE}>
            {problem}
          </Alert>
        )}
        {result && (
          <Alert color="green" variant="light" title={`${questions(result.imported)} imported`} data-testid="import-result" styles={READABLE_TITLE}>
            {result.questionNumbers.length > 0 && (
              <Text size="sm">
                Numbered {questionLabel(result.questionNumbers[0] ?? 0)} to {questionLabel(result.questionNumbers[result.questionNumbers.length - 1] ?? 0)}.
              </Text>
            )}
            {result.newSubjects.length + result.newTags.length > 0 && (
              <Text size="sm">
                New subjects: {result.newSubjects.join(', ') || 'none'}. New tags: {result.newTags.join(', ') || 'none'}.
              </Text>
            )}
          </Alert>
        )}
        {preview && <ImportPreviewView preview={preview} isImporting={importFile.isPending} onImport={() => askToImport(preview)} />}
        <ConfirmDialog
          opened={isConfirmOpen}
          title={`Import ${questions(confirming?.validCount ?? 0)}?`}
          confirmLabel="Import questions"
          failureTitle="Nothing was imported"
          onConfirm={runImport}
          onClose={() => setConfirmOpen(false)}
        >
          {confirming && <WhatTheImportDoes preview={confirming} />}
        </ConfirmDialog>
      </Stack>
    </Paper>
  );
}

/** What the file carries that the bank keeps nowhere: said for the file, with how many questions have notes of their own. */
function LeftOutNotes({ preview }: { preview: ImportPreview }) {
  const noted = preview.items.filter((item) => item.warnings.length > 0).length;
  if (preview.fileWarnings.length === 0 && noted === 0) return null;
  return (
    <Alert color="gray" variant="light" title="Left out on import" data-testid="import-left-out" styles={READABLE_TITLE}>
      <List size="sm" spacing={2}>
        {preview.fileWarnings.map((warning) => (
          <List.Item key={warning}>{warning}</List.Item>
        ))}
        {noted > 0 && <List.Item>{`${questions(noted)} ${noted === 1 ? 'has' : 'have'} notes below on what else is left out.`}</List.Item>}
      </List>
    </Alert>
  );
}

function ImportPreviewView({ preview, isImporting, onImport }: { preview: ImportPreview; isImporting: boolean; onImport: () => void }) {
  if (preview.fileErrors.length) {
    return (
      <Alert color="red" variant="light" title="The file cannot be imported" role="alert" data-testid="import-file-errors" styles={READABLE_TITLE}>
        <List size="sm">
          {preview.fileErrors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="import-preview">
      {preview.canImport ? (
        <Alert color="teal" variant="light" title={`${questions(preview.validCount)} ready to import`} styles={READABLE_TITLE}>
          {preview.newSubjects.length + preview.newTags.length > 0 ? (
            <Text size="sm">
              The import also adds subjects {preview.newSubjects.join(', ') || '(none)'} and tags {preview.newTags.join(', ') || '(none)'}.
            </Text>
          ) : (
            <Text size="sm">Every subject and tag already exists.</Text>
          )}
        </Alert>
      ) : (
        <Alert color="red" variant="light" title={`${preview.errorCount} of ${questions(preview.items.length)} ${preview.errorCount === 1 ? 'has' : 'have'} errors`} role="alert" styles={READABLE_TITLE}>
          <Text size="sm">Nothing is imported while any question has an error. Correct the file and check it again.</Text>
        </Alert>
      )}
      <LeftOutNotes preview={preview} />
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="xs" aria-label="Import preview" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Where</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Question</Table.Th>
              <Table.Th scope="col">Subjects / Tags</Table.Th>
              <Table.Th scope="col">Options</Table.Th>
              <Table.Th scope="col">Problems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.items.map((item) => (
              <Table.Tr key={item.source} data-has-errors={item.errors.length > 0}>
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {item.source}
                </Table.Th>
                <Table.Td>
                  <Text size="sm">{item.questionType}</Text>
                  <Text size="xs" c="dimmed">
                    {item.difficulty}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} maw={360}>
                    {item.contentText || '-'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.subjects.join(', ') || '-'}</Text>
                  <Text size="xs" c="dimmed">
                    {item.tags.join(', ') || '-'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {item.options.length === 0 ? (
                    '-'
                  ) : (
                    <Text size="sm">
                      {item.options.map((option, i) => (
                        <span key={i}>
                          {i > 0 ? '; ' : ''}
                          {option.correctAnswer ? <strong>{option.option}</strong> : option.option}
                        </span>
                      ))}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {item.errors.length === 0 && item.warnings.length === 0 && (
                    <Badge color="teal" variant="light" tt="none">
                      Ready
                    </Badge>
                  )}
                  {item.errors.map((error) => (
                    <Text key={error} size="sm" c="red.9">
                      {error}
                    </Text>
                  ))}
                  {item.warnings.map((warning) => (
                    <Text key={warning} size="sm">
                      Note: {warning}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button onClick={onImport} disabled={!preview.canImport} loading={isImporting}>
          {preview.canImport ? `Import ${questions(preview.validCount)}` : 'Import'}
        </Button>
      </Group>
    </Stack>
  );
}
