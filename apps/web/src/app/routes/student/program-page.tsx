import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { APPLICATION_TYPES, applicationTypeOfProgram, isEditableByApplicant } from '@certs/shared/application/application-status';
import { ROLE_HOME_PATHS, ROLES } from '@certs/shared/auth/roles';
import type { PublishedProgramDetail } from '@certs/shared/program/program-catalogue.contract';
import { NotAvailable } from '../../../components/ui/not-available';
import { useCurrentApplication } from '../../../features/application/api/find-current-application';
import { ApplicationStatusBadge } from '../../../components/ui/application-status';
import { usePublishedProgram } from '../../../features/program-catalogue/api/find-published-program';
import { PublishedProgramView } from '../../../features/program-catalogue/components/published-program-view';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';

export function studentProgramPath(id: string): string {
  return `/student/programs/${encodeURIComponent(id)}`;
}

/** Apply, continue the draft, or view the submitted application of this program. */
function ApplyPanel({ program }: { program: PublishedProgramDetail }) {
  const { user } = useRequiredSession();
  const type = applicationTypeOfProgram(program.programType);
  const current = useCurrentApplication(type, program.id, user.applicantId);
  if (!type) return null;
  const application = current.data?.application ?? null;
  const label = !application ? 'Apply' : isEditableByApplicant(application.status) ? 'Continue application' : 'View application';
  return (
    <Paper withBorder radius="md" p="md" bg="indigo.0" data-testid="apply-panel">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Text fw={600}>{APPLICATION_TYPES[type].label} application</Text>
          {application ? (
            <>
              <Text size="sm">{application.applicationNumber}</Text>
              <ApplicationStatusBadge status={application.status} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Read the instructions and requirements below, then apply.
            </Text>
          )}
        </Group>
        <Button component={Link} to={`${studentProgramPath(program.id)}/application`} loading={current.isPending && !!user.applicantId}>
          {label}
        </Button>
      </Group>
    </Paper>
  );
}

/** A published program as applicants read it (instructions, requirements, modules and fees, declaration). */
export function StudentProgramRoute() {
  const { id = '' } = useParams();
  const program = usePublishedProgram(id);
  usePageTitle(program.data ? program.data.programTitle : 'Program');

  if (program.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the program" />
      </Center>
    );
  }
  if (program.error || !program.data) {
    const isMissing = program.error instanceof ApiError && program.error.status === 404;
    return <NotAvailable title="Program" message={isMissing ? 'This program is not open to applicants.' : errorMessageOf(program.error)} />;
  }
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={ROLE_HOME_PATHS[ROLES.Applicant]}>
          Applicant home
        </Anchor>
        <Text>{program.data.programCode}</Text>
      </Breadcrumbs>
      <ApplyPanel program={program.data} />
      <PublishedProgramView program={program.data} />
    </Stack>
  );
}
