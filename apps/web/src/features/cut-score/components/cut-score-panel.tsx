import { Alert, Button, Center, Group, Loader, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { CUT_SCORE_METHOD_LABELS, CUT_SCORE_METHODS, type CutScoreMethod, type CutScoreStudySummary } from '@certs/shared/cut-score/cut-score.contract';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreateCutScoreStudy, useCutScoreOverview } from '../api/cut-score';
import { CUT_SCORE_STATUS_COLORS, percentText, statusLabel } from './cut-score-format';
import { CutScoreStudyEditor } from './cut-score-study-editor';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

const METHOD_HELP: Record<CutScoreMethod, string> = {
  modified_angoff: 'A panel of judges rates each question; the platform computes the cut score and its spread.',
  other: 'Describe the method and its evidence, and enter the cut score it set.',
};

function NewStudyForm({ testId, onCreated }: { testId: string; onCreated: (studyId: string) => void }) {
  const create = useCreateCutScoreStudy(testId);
  const [method, setMethod] = useState<CutScoreMethod>('modified_angoff');
  const [description, setDescription] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ method, description }, { onSuccess: (study) => onCreated(study.id) });
      }}
    >
      <Stack gap="md">
        <Radio.Group label="Method" value={method} onChange={(value) => setMethod(value as CutScoreMethod)}>
          <Stack gap="xs" mt="xs">
            {CUT_SCORE_METHODS.map((value) => (
              <Radio key={value} value={value} label={CUT_SCORE_METHOD_LABELS[value]} description={METHOD_HELP[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea label="Method and evidence" description="May be completed later." autosize minRows={2} maxLength={5000} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
        {create.error && (
          <Alert color="red" variant="light" title="Could not start the study" styles={READABLE_TITLE}>
            {errorMessageOf(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Start the study
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A module test's cut score (issue 43): its versions with method, cut score, spread and status;
 * a version opens below the list, where a draft is edited and adopted.
 */
export function CutScorePanel({ testId }: { testId: string }) {
  const overview = useCutScoreOverview(testId);
  const [openStudyId, setOpenStudyId] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  if (overview.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the cut scores" />
      </Center>
    );
  }
  if (overview.error || !overview.data) {
    return (
      <Alert color="red" variant="light" title="Could not load the cut scores" styles={READABLE_TITLE}>
        {errorMessageOf(overview.error)}
      </Alert>
    );
  }
  const { test, studies } = overview.data;
  if (test.testType !== 'module') {
    return <Text>Cut scores are set for module tests: a trial test passes or fails no one.</Text>;
  }
  const adopted = studies.find((study) => study.status === 'adopted') ?? null;
  const columns: PagedTableColumn<CutScoreStudySummary>[] = [
    { key: 'version', header: 'Version', render: (row) => row.version, isRowHeader: true },
    { key: 'method', header: 'Method', render: (row) => CUT_SCORE_METHOD_LABELS[row.method] },
    { key: 'status', header: 'Status', render: (row) => <StatusBadge label={statusLabel(row.status)} value={row.status} color={CUT_SCORE_STATUS_COLORS[row.status]} />, noWrap: true },
    { key: 'cut', header: 'Cut score', render: (row) => percentText(row.cutScorePercent), align: 'right', noWrap: true },
    { key: 'spread', header: 'Spread (SD)', render: (row) => (row.method === 'modified_angoff' ? percentText(row.spreadPercent) : '—'), align: 'right', noWrap: true },
    { key: 'judges', header: 'Judges', render: (row) => (row.method === 'modified_angoff' ? row.judgeCount : '—'), align: 'right' },
    {
      key: 'adopted',
      header: 'Adopted',
      render: (row) =>
        row.adoptedOn ? (
          <>
            <DateDisplay value={row.adoptedOn} /> · {row.adoptedBy ?? '—'}
            {row.previousPassPercent !== null && <> · was {percentText(row.previousPassPercent)}</>}
          </>
        ) : (
          '—'
        ),
      noWrap: true,
    },
    {
      key: 'open',
      header: 'Open',
      isAction: true,
      isHeaderHidden: true,
      render: (row) => (
        <Button size="compact-sm" variant="default" onClick={() => setOpenStudyId(row.id)} aria-label={`Open version ${row.version}`} aria-pressed={openStudyId === row.id}>
          {row.status === 'draft' && test.canEdit ? 'Edit' : 'Open'}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cut-score-heading">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={2} size="h4" id="cut-score-heading">
                Cut score
              </Title>
              <Text size="sm">
                {adopted
                  ? `Version ${adopted.version} (${CUT_SCORE_METHOD_LABELS[adopted.method]}) is adopted: ${percentText(adopted.cutScorePercent)}.`
                  : 'No cut score has been adopted for this test yet.'}{' '}
                {test.module
                  ? `Module ${test.module.moduleCode} passes candidates at ${percentText(test.module.passPercentage)}.`
                  : 'The test examines no module, so no pass mark follows from it.'}
              </Text>
              <Text size="sm" c="dimmed">
                Judges rate the test&apos;s {test.questions.length} questions ({test.totalMarks} marks); each version stays on record.
              </Text>
            </Stack>
            {test.canEdit && <Button onClick={() => setIsCreating(true)}>New version</Button>}
          </Group>
          {studies.length === 0 ? (
            <Text size="sm">No versions yet.</Text>
          ) : (
            <DataTable label="Cut score versions" columns={columns} rows={studies} rowKey={(row) => row.id} minWidth={760} testId="cut-score-versions" />
          )}
        </Stack>
      </Paper>
      {openStudyId && <CutScoreStudyEditor key={openStudyId} testId={testId} studyId={openStudyId} adoptedVersion={adopted?.id === openStudyId ? null : (adopted?.version ?? null)} onClose={() => setOpenStudyId(null)} />}
      <FormDialog opened={isCreating} title={`New version ${(studies[0]?.version ?? 0) + 1}`} size="md" onClose={() => setIsCreating(false)}>
        <NewStudyForm
          testId={testId}
          onCreated={(studyId) => {
            setIsCreating(false);
            setOpenStudyId(studyId);
          }}
        />
      </FormDialog>
    </Stack>
  );
}
