import { Stack, Text, Title } from '@mantine/core';
import { ROLES } from '@certs/shared/auth/roles';
import { EmployerConfirmationsScreen } from '../../../features/employer-confirmations/components/employer-confirmations';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';

/** `/employer/confirmations` (issue 42): the six-monthly confirmations of the company's welders; the coordinator confirms, a viewer reads. */
export function EmployerConfirmationsRoute() {
  usePageTitle('Confirmations');
  const { user } = useRequiredSession();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Confirmations</Title>
        <Text c="dimmed">
          Every six months the employer confirms that each welder kept welding within the range of their qualification (ISO 9606-1 9.2). Without a confirmation by its due day a qualification ends on that day.
        </Text>
      </Stack>
      <EmployerConfirmationsScreen isCoordinator={user.role === ROLES.CompanyCoordinator} />
    </Stack>
  );
}
