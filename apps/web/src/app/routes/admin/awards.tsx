import { Anchor, Breadcrumbs, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { applicationTypeOfProgram } from '@certs/shared/application/application-status';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { PAGE_SIZE_OPTIONS } from '@certs/shared/common/paging';
import { NotAvailable } from '../../../components/ui/not-available';
import { StaffAwardsList } from '../../../features/award/components/staff-awards-list';
import { usePrograms } from '../../../features/program/api/find-programs';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { programApplicationPath } from './program-applications';
import { ADMIN_AWARDS_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_AWARDS_PATH } from '../../route-paths';


/** The Awards screen of one program (the program page links here). */
export function programAwardsPath(programId: string): string {
  return `${ADMIN_AWARDS_PATH}?${new URLSearchParams({ programId }).toString()}`;
}

/** The staff's application page of an award. */
export function awardApplicationPath(row: Pick<AwardRow, 'programId' | 'programType' | 'applicationId'>): string {
  return programApplicationPath(row.programId, applicationTypeOfProgram(row.programType) ?? 'qualificationapplication', row.applicationId);
}

const LARGEST_PAGE = Math.max(...PAGE_SIZE_OPTIONS);

function AwardsScreen() {
  const [params, setParams] = useSearchParams();
  const programId = params.get('programId') ?? '';
  // The programs the caller may see (the server lists only those), for the program filter.
  const programs = usePrograms({ page: 1, pageSize: LARGEST_PAGE, searchBy: 'All', programTypes: [] });
  const options = (programs.data?.rows ?? []).map((program) => ({ id: program.id, label: `${program.programCode} ${program.programTitle}` }));
  const program = programs.data?.rows.find((row) => row.id === programId);
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
          Programs
        </Anchor>
        {/* No program chosen: nothing at all, since an empty string would still be a crumb ("Programs / / Awards"). */}
        {programId ? (
          <Anchor component={Link} to={`${ADMIN_MENU_PATHS.Programs}/${encodeURIComponent(programId)}`}>
            {program?.programCode ?? 'Program'}
          </Anchor>
        ) : null}
        <Text>Awards</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Awards</Title>
        <Text c="dimmed">
          Awards of every program you administer or serve on: certificate numbers, status now and expiry. Open an award&apos;s application to hold,
          release, cancel or withdraw it.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <StaffAwardsList
          programId={programId}
          onProgramChange={(next) => setParams(next ? { programId: next } : {}, { replace: true })}
          programs={options}
          applicationHrefOf={awardApplicationPath}
        />
      </Paper>
    </Stack>
  );
}

/** Awards across programs, or of one (`?programId=`); Programs menu, and the server shows each caller what they may see. */
export function AdminAwardsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Awards');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Awards" message={NO_ACCESS_MESSAGE} />;
  return <AwardsScreen />;
}
