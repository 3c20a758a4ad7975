import { Anchor, Breadcrumbs, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ROLE_HOME_PATHS, ROLES } from '@certs/shared/auth/roles';
import { NotAvailable } from '../../../components/ui/not-available';
import { usePublishedProgram } from '../../../features/program-catalogue/api/find-published-program';
import { PublishedProgramView } from '../../../features/program-catalogue/components/published-program-view';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';

export function studentProgramPath(id: string): string {
  return `/student/programs/${encodeURIComponent(id)}`;
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
      <PublishedProgramView program={program.data} />
    </Stack>
  );
}
