import { Stack, Text, Title } from '@mantine/core';
import { FormerPeople } from '../../../features/company-access/components/former-people';
import { EmployerPeopleScreen } from '../../../features/employer-people/components/employer-people';
import { usePageTitle } from '../../../lib/page-title';

/** `/employer/people` (issue 42): the company's approved employees, what they hold and what falls due. A viewer reads it too. */
export function EmployerPeopleRoute() {
  usePageTitle('People');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>People</Title>
        <Text c="dimmed">
          Your approved employees with their awards and welder qualifications from every awarding body: status, expiry, the next six-monthly confirmation and the revalidation window.
        </Text>
      </Stack>
      <EmployerPeopleScreen />
      <FormerPeople />
    </Stack>
  );
}
