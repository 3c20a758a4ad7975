import { Anchor, Breadcrumbs, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { NotAvailable } from '../../../components/ui/not-available';
import { ApplicationQueue } from '../../../features/application-workflow/components/application-queue';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { programApplicationPath, programApplicationsPath } from './program-applications';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_APPLICATIONS_PATH } from '../../route-paths';


/** The types in the order staff think of them (spec section 9 numbers them otherwise). */
const TYPE_ORDER: readonly ApplicationTypePath[] = ['qualificationapplication', 'certificationapplication', 'aicipapplication', 'welderqualificationapplication'];
const isTypePath = (value: string | null): value is ApplicationTypePath => !!value && (TYPE_ORDER as readonly string[]).includes(value);

function ApplicationsScreen() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const type: ApplicationTypePath = isTypePath(requested) ? requested : 'qualificationapplication';
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
          Programs
        </Anchor>
        <Text>All applications</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Applications</Title>
        <Text c="dimmed">Submitted applications of every program you administer or serve on, one type at a time.</Text>
      </Stack>
      <SegmentedControl
        aria-label="Application type"
        w="fit-content"
        value={type}
        data={TYPE_ORDER.map((path) => ({ value: path, label: APPLICATION_TYPES[path].label }))}
        onChange={(value) => setParams({ type: value }, { replace: true })}
      />
      <Paper withBorder radius="md" p="lg">
        {/* A new type starts a new queue: its statuses and paging differ. */}
        <ApplicationQueue
          key={type}
          type={type}
          hrefOf={(row) => programApplicationPath(row.programId, type, row.id)}
          programHrefOf={(row) => programApplicationsPath(row.programId)}
        />
      </Paper>
    </Stack>
  );
}

/** Every program's applications of a type (Programs menu; the server shows non-administrators the programs they serve on). */
export function AdminApplicationsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Applications');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Applications" message={NO_ACCESS_MESSAGE} />;
  return <ApplicationsScreen />;
}
