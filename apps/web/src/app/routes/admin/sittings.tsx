import { Anchor, Breadcrumbs, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { NotAvailable } from '../../../components/ui/not-available';
import { MarkingScreen } from '../../../features/exam-marking/components/marking-screen';
import { SittingsTable } from '../../../features/exam-marking/components/sittings-table';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { sittingReviewPath } from './invigilation';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { ADMIN_SITTINGS_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_SITTINGS_PATH } from '../../route-paths';


export function sittingMarkingPath(examInstanceId: string): string {
  return `${ADMIN_SITTINGS_PATH}/${encodeURIComponent(examInstanceId)}/marking`;
}

/** Staff who work on exams reach them through the Examinations or the Programs menu (as the server decides). */
function useHasExamMenu(): boolean {
  const { user } = useRequiredSession();
  return user.menuItems.includes('Examinations') || user.menuItems.includes('Programs');
}

/** Staff's Examinations list of sittings: every trial and module exam sat, with marking and extra time. */
export function AdminSittingsRoute() {
  usePageTitle('Sittings');
  if (!useHasExamMenu()) return <NotAvailable title="Sittings" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Breadcrumbs>
          <Anchor component={Link} to={ADMIN_MENU_PATHS.Examinations}>
            Examinations
          </Anchor>
          <Text>Sittings</Text>
        </Breadcrumbs>
        <Title order={1}>Sittings</Title>
        <Text c="dimmed">Trial and module exams sat online, for the programs you serve on: who sat what, when, and the marks.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <SittingsTable markingHref={sittingMarkingPath} reviewHref={sittingReviewPath} />
      </Paper>
    </Stack>
  );
}

/** Verify marks for one module sitting. */
export function AdminSittingMarkingRoute() {
  usePageTitle('Marking');
  const { id } = useParams();
  const hasMenu = useHasExamMenu();
  if (!hasMenu) return <NotAvailable title="Marking" message={NO_ACCESS_MESSAGE} />;
  if (!id) return <NotAvailable title="Marking" message="This sitting does not exist." />;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Examinations}>
          Examinations
        </Anchor>
        <Anchor component={Link} to={ADMIN_SITTINGS_PATH}>
          Sittings
        </Anchor>
        <Text>Marking</Text>
      </Breadcrumbs>
      <MarkingScreen id={id} reviewHref={sittingReviewPath} />
    </Stack>
  );
}
