import { Anchor, Breadcrumbs, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { useLinkableModules } from '../../../features/exam-definition/api/find-linkable-modules';
import { useCreateTest } from '../../../features/exam-definition/api/save-test';
import { TestForm } from '../../../features/exam-definition/forms/test-form';
import { emptyTestValues, toTestRequest } from '../../../features/exam-definition/forms/test-form.values';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { examinationPath } from './examinations';
import { EXAMINATIONS_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';

function NewTest() {
  const navigate = useNavigate();
  const modules = useLinkableModules();
  const create = useCreateTest();
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs>
          <Anchor component={Link} to={EXAMINATIONS_PATH}>
            Examinations
          </Anchor>
          <Text>New test</Text>
        </Breadcrumbs>
        <Title order={1}>New test</Title>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <TestForm
          mode="create"
          initialValues={emptyTestValues()}
          modules={modules.data ?? []}
          onCancel={() => void navigate(EXAMINATIONS_PATH)}
          onSubmit={async (values) => {
            const test = await create.mutateAsync(toTestRequest(values));
            notifications.show({ color: 'green', title: 'Test created', message: `${test.title} is a draft: add its questions, then publish it.` });
            await navigate(`${examinationPath(test.id)}?tab=questions`);
          }}
        />
      </Paper>
    </Stack>
  );
}

/** A new test (a draft); its questions are added on the test's page. */
export function AdminNewExaminationRoute() {
  const { user } = useRequiredSession();
  usePageTitle('New test · Examinations');
  if (!user.menuItems.includes('Examinations')) return <NotAvailable title="Examinations" message={NO_ACCESS_MESSAGE} />;
  return <NewTest />;
}
