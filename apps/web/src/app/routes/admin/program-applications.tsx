import { Anchor, Breadcrumbs, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { APPLICATION_TYPES, applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { NotAvailable } from '../../../components/ui/not-available';
import { ApplicationQueue } from '../../../features/application-workflow/components/application-queue';
import { useProgram } from '../../../features/program/api/find-program';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

export const programApplicationsPath = (programId: string) => `${ADMIN_MENU_PATHS.Programs}/${programId}/applications`;
export const programApplicationPath = (programId: string, type: string, id: string) => `${programApplicationsPath(programId)}/${type}/${id}`;

function QueueScreen({ programId }: { programId: string }) {
  const program = useProgram(programId);
  usePageTitle(program.data ? `Applications · ${program.data.programCode}` : 'Applications');
  if (program.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the program" />
      </Center>
    );
  }
  if (program.error || !program.data) {
    const status = program.error instanceof ApiError ? program.error.status : 0;
    return <NotAvailable title="Applications" message={status === 404 ? 'This program does not exist.' : errorMessageOf(program.error)} />;
  }
  const type = applicationTypeOfProgram(program.data.programType);
  if (!type) return <NotAvailable title="Applications" message="This program takes no applications." />;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
          Programs
        </Anchor>
        <Anchor component={Link} to={`${ADMIN_MENU_PATHS.Programs}/${programId}`}>
          {program.data.programCode}
        </Anchor>
        <Text>Applications</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Applications: {program.data.programCode}</Title>
        <Text c="dimmed">
          {APPLICATION_TYPES[type].label} applications to {program.data.programTitle}. Drafts appear once the applicant submits them.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <ApplicationQueue type={type} programId={programId} programCode={program.data.programCode} hrefOf={(row) => programApplicationPath(programId, type, row.id)} />
      </Paper>
    </Stack>
  );
}

/** A program's applications queue (Programs menu; the server limits non-administrators to programs they serve on). */
export function AdminProgramApplicationsRoute() {
  const { user } = useRequiredSession();
  const { programId = '' } = useParams();
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Applications" message={NO_ACCESS_MESSAGE} />;
  return <QueueScreen programId={programId} />;
}
