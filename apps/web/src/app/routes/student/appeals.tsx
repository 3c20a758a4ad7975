import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from 'react-router';
import { openAttachment } from '../../../features/attachment/api/find-download-url';
import { useAppealByReference, useMyAppeals } from '../../../features/appeal/api/my-appeals';
import { AppealPersonPanel } from '../../../features/appeal/components/appeal-person-panel';
import { MyAppealsList } from '../../../features/appeal/components/my-appeals-list';
import { errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { STUDENT_APPEALS_PATH, STUDENT_APPLICATIONS_PATH } from '../../route-paths';

const openFile = (resourceKey: string) =>
  void openAttachment(resourceKey).catch((error: unknown) => notifications.show({ color: 'red', title: 'The file could not be opened', message: errorMessageOf(error) }));

/** The person's appeals (issue 43): each opens by its reference. */
export function StudentAppealsRoute() {
  usePageTitle('Appeals');
  const mine = useMyAppeals(undefined, 1, 100);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Appeals</Title>
        <Text c="dimmed">
          Your appeals against decisions on your applications. To appeal a decision, open the application from{' '}
          <Anchor component={Link} to={STUDENT_APPLICATIONS_PATH}>
            My applications
          </Anchor>
          .
        </Text>
      </Stack>
      {mine.error ? (
        <Alert color="red" variant="light">
          {errorMessageOf(mine.error)}
        </Alert>
      ) : !mine.data ? (
        <Center py="xl">
          <Loader aria-label="Loading your appeals" />
        </Center>
      ) : mine.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          You have not appealed any decision.
        </Text>
      ) : (
        <MyAppealsList rows={mine.data.rows} showProgram />
      )}
    </Stack>
  );
}

/** One of the person's appeals by the reference mailed to them. */
export function StudentAppealRoute() {
  const reference = useParams().reference ?? '';
  const appeal = useAppealByReference(reference);
  usePageTitle(`Appeal ${reference}`);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={STUDENT_APPEALS_PATH} size="sm">
        All your appeals
      </Anchor>
      <Title order={1}>Appeal {reference}</Title>
      {appeal.error ? (
        <Alert color="red" variant="light">
          {errorMessageOf(appeal.error)}
        </Alert>
      ) : appeal.data ? (
        <AppealPersonPanel appeal={appeal.data} onOpenFile={openFile} />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading the appeal" />
        </Center>
      )}
    </Stack>
  );
}
