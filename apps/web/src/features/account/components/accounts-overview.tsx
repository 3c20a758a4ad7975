import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PlatformOverview } from '@certs/shared/account/account.contract';

const COUNTRY_NAMES: Record<string, string> = { AU: 'Australia', NZ: 'New Zealand' };

function Outbox({ label, value, testId, isAlarming }: { label: string; value: number; testId: string; isAlarming?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} c={isAlarming && value > 0 ? 'red.8' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The platform's health as its super users read it (issue 40): each awarding body's programs,
 * active staff, open applications and current awards, and the mails waiting or failed for good.
 */
export function AccountsOverview({ overview }: { overview: PlatformOverview }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={520}>
        <Outbox label="Mails waiting to be sent" value={overview.mailsQueued} testId="overview-mails-queued" />
        <Outbox label="Mails that failed" value={overview.mailsFailed} testId="overview-mails-failed" isAlarming />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Accounts
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" aria-label="Accounts on the platform" data-testid="accounts-overview-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Account</Table.Th>
                <Table.Th scope="col">Country</Table.Th>
                <Table.Th scope="col" ta="right">
                  Programs (published)
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Active staff
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Open applications
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Current awards
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overview.accounts.map((account) => (
                <Table.Tr key={account.id} data-testid={`overview-${account.shortName}`}>
                  <Table.Th scope="row" fw={600}>
                    <Group gap="xs" wrap="nowrap">
                      {account.name}
                      <Badge variant="outline" color="gray.7" radius="sm" tt="none">
                        {account.shortName}
                      </Badge>
                    </Group>
                  </Table.Th>
                  <Table.Td>{`${COUNTRY_NAMES[account.country] ?? account.country} (${account.currency})`}</Table.Td>
                  <Table.Td ta="right">{`${account.programs} (${account.publishedPrograms})`}</Table.Td>
                  <Table.Td ta="right">{account.activeStaff}</Table.Td>
                  <Table.Td ta="right">{account.openApplications}</Table.Td>
                  <Table.Td ta="right">{account.currentAwards}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
