import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useEmployerCompany } from '../../../features/employer/api/employer';
import { errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { EMPLOYER_CLAIMS_PATH } from '../../route-paths';

/** The company portal's first page (issue 42): the company, the signed-in user's role, and what waits. */
export function EmployerHomeRoute() {
  const company = useEmployerCompany();
  usePageTitle(company.data?.name ?? 'Company');
  if (company.error) {
    return (
      <Alert color="red" variant="light" title="The company could not be loaded">
        {errorMessageOf(company.error)}
      </Alert>
    );
  }
  if (!company.data) return <Loader aria-label="Loading the company" />;
  const { data } = company;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text tt="uppercase" fw={700} size="sm" c="indigo.8" style={{ letterSpacing: '0.06em' }}>
          Company portal
        </Text>
        <Title order={1}>{data.name}</Title>
        <Group gap="xs">
          {data.businessNumber && (
            <Text c="dimmed" size="sm">
              {data.businessNumberKind} {data.businessNumber}
            </Text>
          )}
          <Badge variant="light" data-testid="employer-role">
            {data.isCoordinator ? 'Coordinator' : 'Viewer'}
          </Badge>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md" padding="lg" data-testid="employer-people-count">
          <Text size="sm" c="dimmed">
            Employees
          </Text>
          <Text fz={32} fw={700}>
            {data.people}
          </Text>
          <Text size="sm">People whose claim to work here is approved: you see their awards and welder qualifications.</Text>
        </Card>
        <Card withBorder radius="md" padding="lg" data-testid="employer-pending-claims">
          <Text size="sm" c="dimmed">
            Claims waiting
          </Text>
          <Text fz={32} fw={700}>
            {data.pendingClaims}
          </Text>
          <Anchor component={Link} to={EMPLOYER_CLAIMS_PATH} size="sm">
            {data.isCoordinator ? 'Review the claims' : 'See the claims'}
          </Anchor>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
