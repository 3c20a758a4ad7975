import { Anchor, Breadcrumbs, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { questionLabel } from '@certs/shared/question-bank/question-type';
import { DateDisplay } from '../../../components/ui/date-display';
import { NotAvailable } from '../../../components/ui/not-available';
import { useCreateQuestion } from '../../../features/question-bank/api/create-question';
import { useQuestion } from '../../../features/question-bank/api/find-question';
import { useReferences } from '../../../features/question-bank/api/find-references';
import { useUpdateQuestion } from '../../../features/question-bank/api/update-question';
import { QuestionHistory } from '../../../features/question-bank/components/question-history';
import { QuestionQualityFlags } from '../../../features/exam-quality/components/question-quality-flags';
import { QuestionForm } from '../../../features/question-bank/forms/question-form';
import { emptyQuestionValues, questionValuesOf, toQuestionRequest } from '../../../features/question-bank/forms/question-form.values';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { examinationPath } from './examinations';
import { LIBRARIES_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';

function Loading({ what }: { what: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={`Loading ${what}`} />
    </Center>
  );
}

function Crumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs>
      <Anchor component={Link} to={LIBRARIES_PATH}>
        Libraries
      </Anchor>
      <Text>{current}</Text>
    </Breadcrumbs>
  );
}

function NewQuestion() {
  const navigate = useNavigate();
  const subjects = useReferences('subject');
  const tags = useReferences('tag');
  const create = useCreateQuestion();
  usePageTitle('New question · Libraries');
  if (subjects.isPending || tags.isPending) return <Loading what="subjects and tags" />;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Crumbs current="New question" />
        <Title order={1}>New question</Title>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <QuestionForm
          mode="create"
          initialValues={emptyQuestionValues()}
          subjects={subjects.data ?? []}
          tags={tags.data ?? []}
          onCancel={() => void navigate(LIBRARIES_PATH)}
          onSubmit={async (values) => {
            const question = await create.mutateAsync(toQuestionRequest(values));
            notifications.show({ color: 'green', title: 'Question created', message: `${questionLabel(question.questionNumber)} is in the bank.` });
            await navigate(LIBRARIES_PATH);
          }}
        />
      </Paper>
    </Stack>
  );
}

function EditQuestion({ id, canOpenTests }: { id: string; canOpenTests: boolean }) {
  const question = useQuestion(id);
  const subjects = useReferences('subject');
  const tags = useReferences('tag');
  const update = useUpdateQuestion();
  const label = question.data ? questionLabel(question.data.questionNumber) : 'Question';
  usePageTitle(`${label} · Libraries`);
  if (question.isPending || subjects.isPending || tags.isPending) return <Loading what="the question" />;
  if (question.error || !question.data) {
    const status = question.error instanceof ApiError ? question.error.status : 0;
    return <NotAvailable title="Question" message={status === 404 ? 'This question does not exist.' : errorMessageOf(question.error)} />;
  }
  const current = question.data;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Crumbs current={label} />
        <Title order={1}>{label}</Title>
        <Group gap="md">
          <Text size="sm" c="dimmed">
            Version {current.version}
          </Text>
          <Text size="sm" c="dimmed">
            Created by {current.createdBy} on <DateDisplay value={current.createdOn} />
          </Text>
          <Text size="sm" c="dimmed">
            Modified by {current.modifiedBy} on <DateDisplay value={current.modifiedOn} withTime />
          </Text>
        </Group>
      </Stack>
      {/* Issue 43: its author sees the flags the exam quality report gives it in live tests. */}
      <QuestionQualityFlags questionId={current.id} />
      <Paper withBorder radius="md" p="lg">
        {/* Keyed by version, so that the form starts again from what was saved. */}
        <QuestionForm
          key={`${current.id}-${current.version}-${current.modifiedOn}`}
          mode="edit"
          initialValues={questionValuesOf(current)}
          subjects={subjects.data ?? []}
          tags={tags.data ?? []}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ id, request: toQuestionRequest(values) });
            notifications.show({
              color: 'green',
              title: 'Question saved',
              message: saved.version > current.version ? `${label} is now at version ${saved.version}; earlier versions are kept.` : `${label} was saved.`,
            });
          }}
        />
      </Paper>
      <QuestionHistory question={current} testHref={canOpenTests ? examinationPath : undefined} />
    </Stack>
  );
}

/** A question of the bank: new (`/admin/libraries/questions/new`) or to edit, with its versions. */
export function AdminLibraryQuestionRoute() {
  const { id = 'new' } = useParams();
  const { user } = useRequiredSession();
  if (!user.menuItems.includes('Libraries')) return <NotAvailable title="Libraries" message={NO_ACCESS_MESSAGE} />;
  if (id === 'new') return <NewQuestion />;
  return <EditQuestion id={id} canOpenTests={user.menuItems.includes('Examinations')} />;
}

