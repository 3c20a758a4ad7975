import { Alert, Button, Center, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { computeAngoff, type AngoffFigures } from '@certs/shared/cut-score/angoff';
import { CUT_SCORE_METHOD_LABELS, MIN_ANGOFF_JUDGES, type CutScoreStudy } from '@certs/shared/cut-score/cut-score.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateDisplay } from '../../../components/ui/date-display';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import {
  useAddCutScoreJudge,
  useAdoptCutScoreStudy,
  useCutScoreStudy,
  useRemoveCutScoreJudge,
  useSaveCutScoreRatings,
  useUpdateCutScoreStudy,
} from '../api/cut-score';
import { CUT_SCORE_STATUS_COLORS, marksText, percentText, statusLabel } from './cut-score-format';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

const cellKey = (judgeId: string, questionId: string) => `${judgeId}:${questionId}`;

interface EditorProps {
  testId: string;
  studyId: string;
  /** The version adopted now, which adopting this one supersedes. */
  adoptedVersion: number | null;
  onClose: () => void;
}

/** One version of a test's cut score: read it, or edit a draft (the panel's grid, or another method) and adopt it. */
export function CutScoreStudyEditor({ testId, studyId, adoptedVersion, onClose }: EditorProps) {
  const study = useCutScoreStudy(testId, studyId);
  if (study.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the study" />
      </Center>
    );
  }
  if (study.error || !study.data) {
    return (
      <Alert color="red" variant="light" title="Could not load the study" styles={READABLE_TITLE}>
        {errorMessageOf(study.error)}
      </Alert>
    );
  }
  const data = study.data;
  const isEditable = data.status === 'draft' && data.test.canEdit;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cut-score-study-heading" data-testid="cut-score-study">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={3} size="h4" id="cut-score-study-heading">
                Version {data.version}: {CUT_SCORE_METHOD_LABELS[data.method]}
              </Title>
              <StatusBadge label={statusLabel(data.status)} value={data.status} color={CUT_SCORE_STATUS_COLORS[data.status]} />
            </Group>
            <Text size="sm" c="dimmed">
              Started <DateDisplay value={data.createdOn} /> by {data.createdBy || '—'}
              {data.adoptedOn && (
                <>
                  {' · '}adopted <DateDisplay value={data.adoptedOn} withTime /> by {data.adoptedBy ?? '—'}
                  {data.previousPassPercent !== null && <> (the pass mark was {percentText(data.previousPassPercent)})</>}
                </>
              )}
            </Text>
          </Stack>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
        {data.status !== 'draft' && (
          <Text size="sm">This version is on record ({statusLabel(data.status).toLowerCase()}): it cannot change. Start a new version to change the cut score.</Text>
        )}
        {data.status === 'draft' && !data.test.canEdit && <Text size="sm">Only the program&apos;s manager or an administrator edits and adopts a study.</Text>}
        {data.method === 'modified_angoff' ? (
          <AngoffStudy key={data.id} testId={testId} study={data} isEditable={isEditable} adoptedVersion={adoptedVersion} />
        ) : (
          <OtherMethodStudy key={data.id} testId={testId} study={data} isEditable={isEditable} adoptedVersion={adoptedVersion} />
        )}
      </Stack>
    </Paper>
  );
}

interface StudyProps {
  testId: string;
  study: CutScoreStudy;
  isEditable: boolean;
  adoptedVersion: number | null;
}

function DescriptionField({ testId, study, isEditable }: Omit<StudyProps, 'adoptedVersion'>) {
  const update = useUpdateCutScoreStudy(testId, study.id);
  const [description, setDescription] = useState(study.description);
  if (!isEditable) {
    return (
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Method and evidence
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {study.description || '—'}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Textarea
        label="Method and evidence"
        description="The panel's meeting: when, how the judges were briefed, where the rating sheets are filed."
        autosize
        minRows={2}
        maxLength={5000}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={update.error ? errorMessageOf(update.error) : undefined}
      />
      <Group>
        <Button
          variant="default"
          loading={update.isPending}
          disabled={description === study.description}
          onClick={() => update.mutate({ description }, { onSuccess: () => notifications.show({ color: 'green', title: 'Description saved', message: `Version ${study.version}'s description was saved.` }) })}
        >
          Save description
        </Button>
      </Group>
    </Stack>
  );
}

function AngoffStudy({ testId, study, isEditable, adoptedVersion }: StudyProps) {
  const { questions } = study.test;
  const save = useSaveCutScoreRatings(testId, study.id);
  // Cells typed and not saved yet (null: cleared); the figures below are computed from the grid as it shows.
  const [edits, setEdits] = useState<Record<string, number | null>>({});
  const saved = useMemo(() => new Map(study.ratings.map((rating) => [cellKey(rating.judgeId, rating.questionId), rating.rating])), [study.ratings]);
  const judgeIds = new Set(study.judges.map((judge) => judge.id));
  const pending = Object.entries(edits).filter(([key, value]) => judgeIds.has(key.split(':')[0]!) && (saved.get(key) ?? null) !== value);
  const valueOf = (key: string): number | null => (key in edits ? edits[key]! : (saved.get(key) ?? null));
  const figures = computeAngoff(
    questions.map((question) => ({ questionId: question.questionId, marks: question.marks })),
    study.judges.map((judge) => ({ judgeId: judge.id })),
    study.judges.flatMap((judge) =>
      questions.flatMap((question) => {
        const rating = valueOf(cellKey(judge.id, question.questionId));
        return rating === null ? [] : [{ judgeId: judge.id, questionId: question.questionId, rating }];
      }),
    ),
  );

  const saveRatings = () =>
    save.mutate(
      {
        ratings: pending.map(([key, rating]) => {
          const [judgeId, questionId] = key.split(':') as [string, string];
          return { judgeId, questionId, rating };
        }),
      },
      { onSuccess: () => setEdits({}) },
    );

  return (
    <Stack gap="lg">
      <DescriptionField testId={testId} study={study} isEditable={isEditable} />
      <JudgesSection testId={testId} study={study} isEditable={isEditable} figures={figures} />
      {study.judges.length > 0 && questions.length > 0 && (
        <Stack gap="xs">
          <Title order={4} size="h5">
            Ratings
          </Title>
          <Text size="sm" c="dimmed">
            Each judge&apos;s estimate, from 0 to 100, of the percentage of minimally competent candidates who would answer the question right.
          </Text>
          <ScrollRegion label="Rating grid">
            <Table withTableBorder withColumnBorders verticalSpacing={4} miw={360 + study.judges.length * 120} aria-label={`Ratings of version ${study.version}`} data-testid="cut-score-grid">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Question</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Marks
                  </Table.Th>
                  {study.judges.map((judge) => (
                    <Table.Th key={judge.id} scope="col" ta="center">
                      {judge.name}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {questions.map((question) => (
                  <Table.Tr key={question.questionId}>
                    <Table.Th scope="row" fw={400}>
                      <Text size="sm" fw={600} span>
                        Q{question.questionNumber}
                      </Text>{' '}
                      <Text size="sm" span lineClamp={1} title={question.text}>
                        {question.sectionTitle} · {question.text}
                      </Text>
                    </Table.Th>
                    <Table.Td ta="right">{marksText(question.marks)}</Table.Td>
                    {study.judges.map((judge) => {
                      const key = cellKey(judge.id, question.questionId);
                      const value = valueOf(key);
                      return (
                        <Table.Td key={judge.id} ta="center">
                          {isEditable ? (
                            <NumberInput
                              aria-label={`${judge.name}, question Q${question.questionNumber}`}
                              size="xs"
                              w={84}
                              mx="auto"
                              hideControls
                              min={0}
                              max={100}
                              clampBehavior="strict"
                              allowNegative={false}
                              decimalScale={2}
                              value={value ?? ''}
                              onChange={(next) => setEdits((current) => ({ ...current, [key]: next === '' || next === null ? null : Number(next) }))}
                            />
                          ) : (
                            <Text size="sm">{value ?? '—'}</Text>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">Judge&apos;s cut score</Table.Th>
                  <Table.Td ta="right">{marksText(study.test.totalMarks)}</Table.Td>
                  {figures.judges.map((judge) => (
                    <Table.Td key={judge.judgeId} ta="center" style={{ whiteSpace: 'nowrap' }} data-testid="judge-cut-score">
                      {judge.cutScorePercent === null ? `${judge.ratedCount} of ${questions.length} rated` : percentText(judge.cutScorePercent)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ScrollRegion>
          {isEditable && (
            <Group gap="sm">
              <Button onClick={saveRatings} loading={save.isPending} disabled={pending.length === 0}>
                Save ratings{pending.length > 0 ? ` (${pending.length})` : ''}
              </Button>
              <Button variant="default" onClick={() => setEdits({})} disabled={pending.length === 0 || save.isPending}>
                Discard changes
              </Button>
            </Group>
          )}
          {save.error && (
            <Alert color="red" variant="light" title="Could not save the ratings" styles={READABLE_TITLE}>
              {errorMessageOf(save.error)}
            </Alert>
          )}
        </Stack>
      )}
      <AngoffFiguresView figures={figures} judgeCount={study.judges.length} />
      {isEditable && (
        <AdoptSection
          testId={testId}
          study={study}
          cutScorePercent={figures.cutScorePercent}
          adoptedVersion={adoptedVersion}
          blockedBecause={angoffAdoptionBlock(study, pending.length, figures)}
        />
      )}
    </Stack>
  );
}

/** Why an Angoff draft cannot be adopted yet (the server says the same), or null. */
function angoffAdoptionBlock(study: CutScoreStudy, unsavedCells: number, figures: AngoffFigures): string | null {
  if (study.test.status === 'draft') return 'Publish the test first: a draft test may still change.';
  if (unsavedCells > 0) return 'Save the ratings first.';
  if (study.judges.length < MIN_ANGOFF_JUDGES) return `A panel needs at least ${MIN_ANGOFF_JUDGES} judges.`;
  if (!figures.isComplete) return `${figures.missing.length} rating${figures.missing.length === 1 ? ' is' : 's are'} missing.`;
  return null;
}

function otherAdoptionBlock(study: CutScoreStudy, isDirty: boolean): string | null {
  if (study.test.status === 'draft') return 'Publish the test first: a draft test may still change.';
  if (isDirty) return 'Save the study first.';
  if (!study.description.trim()) return 'Describe the method and the evidence first.';
  if (study.cutScorePercent === null) return 'Enter the cut score first.';
  return null;
}

function AngoffFiguresView({ figures, judgeCount }: { figures: AngoffFigures; judgeCount: number }) {
  const partial = figures.judgesCounted < judgeCount;
  return (
    <Stack gap="xs" data-testid="cut-score-figures" aria-live="polite">
      <Title order={4} size="h5">
        The panel&apos;s figures
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Cut score" value={percentText(figures.cutScorePercent)} note={figures.cutScoreMarks === null ? undefined : `${marksText(figures.cutScoreMarks)} of ${marksText(figures.totalMarks)} marks`} />
        <Figure label="Spread (SD of the judges)" value={percentText(figures.spreadPercent)} />
        <Figure label="Standard error (SD / √n)" value={percentText(figures.standardErrorPercent)} />
        <Figure label="Judges counted" value={`${figures.judgesCounted} of ${judgeCount}`} />
      </SimpleGrid>
      {partial && judgeCount > 0 && <Text size="sm">Only judges who rated every question count. The figures are not final until the grid is complete.</Text>}
    </Stack>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {note && <Text size="xs">{note}</Text>}
    </Paper>
  );
}

function JudgesSection({ testId, study, isEditable, figures }: Omit<StudyProps, 'adoptedVersion'> & { figures: AngoffFigures }) {
  const add = useAddCutScoreJudge(testId, study.id);
  const remove = useRemoveCutScoreJudge(testId, study.id);
  const [name, setName] = useState('');
  const [expertise, setExpertise] = useState('');
  const addError = add.error instanceof ApiError ? add.error : null;
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Judges ({study.judges.length})
      </Title>
      {study.judges.length === 0 && <Text size="sm">No judges yet. A panel needs at least {MIN_ANGOFF_JUDGES}.</Text>}
      {study.judges.length > 0 && (
        <Table verticalSpacing={4} aria-label="Judges">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Expertise</Table.Th>
              <Table.Th scope="col" ta="right">
                Cut score
              </Table.Th>
              {isEditable && (
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {study.judges.map((judge, i) => (
              <Table.Tr key={judge.id}>
                <Table.Th scope="row" fw={500}>
                  {judge.name}
                </Table.Th>
                <Table.Td>{judge.expertise || '—'}</Table.Td>
                <Table.Td ta="right">{percentText(figures.judges[i]?.cutScorePercent ?? null)}</Table.Td>
                {isEditable && (
                  <Table.Td ta="right">
                    <Button size="compact-sm" variant="default" c="red.9" loading={remove.isPending && remove.variables === judge.id} onClick={() => remove.mutate(judge.id)} aria-label={`Remove ${judge.name}`}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {isEditable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate(
              { name, expertise },
              {
                onSuccess: () => {
                  setName('');
                  setExpertise('');
                },
              },
            );
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput label="Judge's name" value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={120} error={addError?.fieldErrors.name} w={220} />
            <TextInput label="Expertise" value={expertise} onChange={(event) => setExpertise(event.currentTarget.value)} maxLength={500} error={addError?.fieldErrors.expertise} style={{ flex: 1 }} miw={220} />
            <Button type="submit" variant="default" loading={add.isPending} disabled={!name.trim()}>
              Add judge
            </Button>
          </Group>
          {add.error && !addError?.fieldErrors.name && !addError?.fieldErrors.expertise && (
            <Text size="sm" c="red.9" mt={4}>
              {errorMessageOf(add.error)}
            </Text>
          )}
        </form>
      )}
      {remove.error && (
        <Text size="sm" c="red.9">
          {errorMessageOf(remove.error)}
        </Text>
      )}
    </Stack>
  );
}

function OtherMethodStudy({ testId, study, isEditable, adoptedVersion }: StudyProps) {
  const update = useUpdateCutScoreStudy(testId, study.id);
  const [description, setDescription] = useState(study.description);
  const [cutScore, setCutScore] = useState<number | ''>(study.cutScorePercent ?? '');
  const fieldErrors = update.error instanceof ApiError ? update.error.fieldErrors : {};
  const isDirty = description !== study.description || (cutScore === '' ? null : cutScore) !== study.cutScorePercent;
  const marks = cutScore === '' ? null : (cutScore * study.test.totalMarks) / 100;
  if (!isEditable) {
    return (
      <Stack gap="md">
        <DescriptionField testId={testId} study={study} isEditable={false} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="cut-score-figures">
          <Figure label="Cut score" value={percentText(study.cutScorePercent)} note={study.figures.cutScoreMarks === null ? undefined : `${marksText(study.figures.cutScoreMarks)} of ${marksText(study.test.totalMarks)} marks`} />
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            { description, cutScorePercent: cutScore === '' ? null : cutScore },
            { onSuccess: () => notifications.show({ color: 'green', title: 'Study saved', message: `Version ${study.version} was saved.` }) },
          );
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Method and evidence"
            description="How the cut score was set (the method, who decided, when) and where the evidence is filed."
            autosize
            minRows={3}
            maxLength={5000}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={fieldErrors.description}
          />
          <NumberInput
            label="Cut score (%)"
            description={marks === null ? 'A percentage of the test’s marks.' : `${marksText(marks)} of ${marksText(study.test.totalMarks)} marks`}
            min={0}
            max={100}
            decimalScale={2}
            allowNegative={false}
            clampBehavior="strict"
            value={cutScore}
            onChange={(next) => setCutScore(next === '' ? '' : Number(next))}
            error={fieldErrors.cutScorePercent}
            w={220}
          />
          {update.error && !fieldErrors.description && !fieldErrors.cutScorePercent && (
            <Text size="sm" c="red.9">
              {errorMessageOf(update.error)}
            </Text>
          )}
          <Group>
            <Button type="submit" variant="default" loading={update.isPending} disabled={!isDirty}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <AdoptSection
        testId={testId}
        study={study}
        cutScorePercent={study.cutScorePercent}
        adoptedVersion={adoptedVersion}
        blockedBecause={otherAdoptionBlock(study, isDirty)}
      />
    </Stack>
  );
}

function AdoptSection({
  testId,
  study,
  cutScorePercent,
  adoptedVersion,
  blockedBecause,
}: {
  testId: string;
  study: CutScoreStudy;
  cutScorePercent: number | null;
  adoptedVersion: number | null;
  blockedBecause: string | null;
}) {
  const adopt = useAdoptCutScoreStudy(testId, study.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const { module, canSetPassMark } = study.test;
  const cut = cutScorePercent === null ? null : Math.round(cutScorePercent * 100) / 100;
  const cannotSetPassMark = module !== null && !canSetPassMark;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button color="teal.9" onClick={() => setIsConfirming(true)} disabled={blockedBecause !== null || cannotSetPassMark}>
          Adopt version {study.version}
        </Button>
        {blockedBecause && (
          <Text size="sm" c="dimmed">
            {blockedBecause}
          </Text>
        )}
      </Group>
      {cannotSetPassMark && module && (
        <Text size="sm">
          Adopting sets the pass mark of module {module.moduleCode}, and you may not edit program {module.programCode}: its manager or an administrator with the Programs menu adopts it.
        </Text>
      )}
      <ConfirmDialog
        opened={isConfirming}
        title={`Adopt version ${study.version}?`}
        confirmLabel={`Adopt version ${study.version}`}
        confirmColor="teal.9"
        failureTitle="Could not adopt the study"
        onConfirm={async () => {
          const adopted = await adopt.mutateAsync();
          notifications.show({
            color: 'green',
            title: `Version ${study.version} adopted`,
            message: adopted.passMark
              ? `The pass mark of ${adopted.passMark.moduleCode} is now ${percentText(adopted.passMark.after)} (was ${percentText(adopted.passMark.before)}).`
              : `The test's cut score is ${percentText(adopted.study.cutScorePercent)}.`,
          });
        }}
        onClose={() => setIsConfirming(false)}
      >
        <Text>
          The test&apos;s cut score becomes {percentText(cut)}
          {adoptedVersion !== null ? `, and version ${adoptedVersion} is superseded (it stays on record)` : ''}. Version {study.version} can no longer change.
        </Text>
        {module ? (
          <Text>
            The pass mark of module {module.moduleCode} {module.moduleTitle} changes from {percentText(module.passPercentage)} to {percentText(cut)}: candidates marked from now on pass at{' '}
            {percentText(cut)}. Results already recorded stay as they are.
          </Text>
        ) : (
          <Text>The test examines no module: no pass mark changes.</Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
