import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { ADMIN_RANGE_OF_QUALIFICATION_PATH } from '../../route-paths';
import { ADMIN_TEST_CENTRES_PATH } from '../../route-paths';
import { ADMIN_VENUES_PATH } from '../../route-paths';
import { ADMIN_LEGACY_IMPORT_PATH } from '../../route-paths';
import { USER_MANAGER_ROLES } from '@certs/shared/auth/roles';

const UTILITIES = [
  {
    title: 'Range of qualification calculator',
    to: ADMIN_RANGE_OF_QUALIFICATION_PATH,
    description: "What a welder's test qualifies under ISO 9606-1 or AS/NZS 2980, with the rule behind each part. Printable.",
  },
  { title: 'Venues', to: ADMIN_VENUES_PATH, description: 'Where practical, oral and pen-and-paper exams are held.' },
  { title: 'Test centres', to: ADMIN_TEST_CENTRES_PATH, description: 'Testing agencies that host candidates, with their address and contacts.' },
];

/** Only an Account Administrator (or the super user) imports an old system's records. */
const LEGACY_IMPORT = {
  title: 'Import from another system',
  to: ADMIN_LEGACY_IMPORT_PATH,
  description: "Your old system's people and awards as CSV files: checked first, applied in the background, undone while untouched.",
};

/** The Utilities menu area: staff tools that belong to no single record. */
export function AdminUtilitiesRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Utilities');
  if (!user.menuItems.includes('Utilities')) return <NotAvailable title="Utilities" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Utilities</Title>
        <Text c="dimmed">Tools for staff.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {[...UTILITIES, ...((USER_MANAGER_ROLES as readonly number[]).includes(user.role) ? [LEGACY_IMPORT] : [])].map((utility) => (
          <Paper key={utility.to} withBorder radius="md" p="lg">
            <Anchor component={Link} to={utility.to} fw={600}>
              {utility.title}
            </Anchor>
            <Text size="sm" c="dimmed" mt={6}>
              {utility.description}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
