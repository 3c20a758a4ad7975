import { Alert, Anchor, Badge, Breadcrumbs, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ExamDefinition } from '@certs/shared/exam-definition/exam-definition.contract';
import { isExamContentLocked } from '@certs/shared/exam-definition/exam-definition-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { NotAvailable } from '../../../components/ui/not-available';
import { useLinkableModules } from '../../../features/exam-definition/api/find-linkable-modules';
import { useTest } from '../../../features/exam-definition/api/find-test';
import { useChangeTestStatus, useCloneTest, useUpdateTest } from '../../../features/exam-definition/api/save-test';
import { useSectionQuestions, useSections } from '../../../features/exam-definition/api/test-content';
import { TestRecordingSettingSwitch } from '../../../features/exam-recording/components/test-recording-setting';
import { CutScorePanel } from '../../../features/cut-score/components/cut-score-panel';
import { TestQualityFlags } from '../../../features/exam-quality/components/question-quality-flags';
import { MarksSummary } from '../../../features/exam-definition/components/marks-summary';
import { TestContentPanel } from '../../../features/exam-definition/components/test-content-panel';
import { programTypeLabel, testLabel, testTypeLabel } from '../../../features/exam-definition/components/test-labels';
import { TestStatusActions } from '../../../features/exam-definition/components/test-status-actions';
import { TestStatusBadge } from '../../../features/exam-definition/components/test-status-badge';
import { TestForm } from '../../../features/exam-definition/forms/test-form';
import { testValuesOf, toTestRequest } from '../../../features/exam-definition/forms/test-form.values';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { examinationPath } from './examinations';
import { EXAMINATIONS_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

type TabName = 'details' | 'questions' | 'cut-score';

function ContentTab({ test }: { test: ExamDefinition }) {
  const sections = useSections(test.id);
  const questions = useSectionQuestions(test.id);
  if (sections.isPending || questions.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the sections" />
      </Center>
    );
  }
  if (sections.error || questions.error) {
    return (
      <Alert color="red" variant="light" title="Could not load the questions" styles={READABLE_TITLE}>
        {errorMessageOf(sections.error ?? questions.error)}
      </Alert>
    );
  }
  return <TestContentPanel testId={test.id} sections={sections.data ?? []} questions={questions.data ?? []} isLocked={isExamContentLocked(test.status)} />;
}

function TestWorkspace({ test }: { test: ExamDefinition }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const modules = useLinkableModules();
  const update = useUpdateTest();
  const changeStatus = useChangeTestStatus();
  const clone = useCloneTest();
  const isLocked = isExamContentLocked(test.status);
  const tabParam = searchParams.get('tab');
  // Issue 43: a module test's cut score (its versions, the Angoff panel's grid) has a tab of its own.
  const activeTab: TabName = tabParam === 'questions' ? 'questions' : tabParam === 'cut-score' && test.testType === 'module' ? 'cut-score' : 'details';

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs>
          <Anchor component={Link} to={EXAMINATIONS_PATH}>
            Examinations
          </Anchor>
          <Text>{testLabel(test.testNumber)}</Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Title order={1}>{test.title}</Title>
            <Group gap="sm">
              <TestStatusBadge status={test.status} />
              <Badge variant="outline" color="gray.7" radius="sm" tt="none">
                {testTypeLabel(test.testType)}
              </Badge>
              <Badge variant="outline" color="gray.7" radius="sm" tt="none">
                {programTypeLabel(test.programType)}
              </Badge>
              {test.programModule && (
                <Text size="sm" c="dimmed">
                  {test.programModule.programCode} · {test.programModule.moduleCode} {test.programModule.moduleTitle}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                Published: <DateDisplay value={test.publishedOn} />
              </Text>
              {test.clonedFrom && (
                <Text size="sm" c="dimmed">
                  Cloned from{' '}
                  <Anchor component={Link} to={examinationPath(test.clonedFrom.id)}>
                    {test.clonedFrom.title}
                  </Anchor>
                </Text>
              )}
            </Group>
          </Stack>
          <TestStatusActions
            test={test}
            onAction={(action) => changeStatus.mutateAsync({ id: test.id, action })}
            onClone={async (request) => {
              const copy = await clone.mutateAsync({ id: test.id, request });
              notifications.show({ color: 'green', title: 'Test cloned', message: `${copy.title} is a new draft.` });
              await navigate(examinationPath(copy.id));
            }}
          />
        </Group>
      </Stack>
      {isLocked && (
        <Alert color="blue" variant="light" title={test.status === 'published' ? 'Published' : 'Unpublished'} role="note" styles={READABLE_TITLE}>
          What candidates answer (questions and their versions, sections, marks, times and type) is fixed. Title, description and instruction may still change. Clone the test to change the rest.
        </Alert>
      )}
      {/* Issue 43: the author of the test (or of its questions) sees the questions the quality report flags in it. */}
      <TestQualityFlags testId={test.id} />
      <MarksSummary test={test} />
      <Tabs value={activeTab} onChange={(value) => setSearchParams(value === 'questions' || value === 'cut-score' ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label="Test sections" mb="lg">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="questions">Sections and questions ({test.numOfQuestions})</Tabs.Tab>
          {test.testType === 'module' && <Tabs.Tab value="cut-score">Cut score</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="details">
          <Paper withBorder radius="md" p="lg">
            <TestForm
              key={`${test.id}-${test.modifiedOn}`}
              mode="edit"
              testId={test.id}
              initialValues={testValuesOf(test)}
              modules={modules.data ?? []}
              isContentLocked={isLocked}
              onSubmit={async (values) => {
                await update.mutateAsync({ id: test.id, request: toTestRequest(values) });
                notifications.show({ color: 'green', title: 'Test saved', message: `${values.title} was saved.` });
              }}
            />
          </Paper>
          {test.testType === 'module' && (
            // Recording is a setting of the test's sittings, not of its content: it can change after publishing.
            <Paper withBorder radius="md" p="lg" mt="md" component="section" aria-labelledby="test-recording-heading">
              <Stack gap="sm">
                <Title order={2} size="h4" id="test-recording-heading">
                  Recording
                </Title>
                <TestRecordingSettingSwitch testId={test.id} />
              </Stack>
            </Paper>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="questions">
          <ContentTab test={test} />
        </Tabs.Panel>
        {test.testType === 'module' && (
          <Tabs.Panel value="cut-score">
            <CutScorePanel testId={test.id} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** One test: details, sections and questions with marks, totals and warnings, publish, unpublish, clone. */
export function AdminExaminationRoute() {
  const { id = '' } = useParams();
  const { user } = useRequiredSession();
  const hasAccess = user.menuItems.includes('Examinations');
  const test = useTest(hasAccess ? id : '');
  usePageTitle(test.data ? `${test.data.title} · Examinations` : 'Test');
  if (!hasAccess) return <NotAvailable title="Examinations" message={NO_ACCESS_MESSAGE} />;
  if (test.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the test" />
      </Center>
    );
  }
  if (test.error || !test.data) {
    const status = test.error instanceof ApiError ? test.error.status : 0;
    return <NotAvailable title="Test" message={status === 404 ? 'This test does not exist.' : errorMessageOf(test.error)} />;
  }
  return <TestWorkspace test={test.data} />;
}
