import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CompanyAccessEmployer } from '@certs/shared/company-access/company-access.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useCompanyAccess, useEndEmployerLink } from '../api/company-access';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/** The employer, since when, and the end of the link behind a confirmation. */
function EmployerLink({ employer }: { employer: CompanyAccessEmployer }) {
  const dates = useDateFormatter();
  const endLink = useEndEmployerLink();
  const [isConfirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const end = async () => {
    setFailure(null);
    try {
      await endLink.mutateAsync();
      setConfirming(false);
      notifications.show({ color: 'green', title: 'Link ended', message: `${employer.companyName} no longer sees your records.` });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };
  if (employer.status === 'pending') {
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{employer.companyName}</Text>
            <Badge color="orange" variant="light">
              Waiting
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {`Your claim to work here waits for a decision (since ${dates.date(employer.since)}). Until then the company sees only your name and email with the claim. Change or withdraw it in the Experience tab.`}
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{employer.companyName}</Text>
            <Badge color="green" variant="light">
              Your employer
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {`Since ${dates.date(employer.since)}. The company sees your name, email, awards and welder qualifications, and applications it pays for; never your documents, CPD or exam answers.`}
          </Text>
        </Stack>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          End this link
        </Button>
      </Group>
      <Modal opened={isConfirming} onClose={() => !endLink.isPending && setConfirming(false)} title="End this link?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text>{`${employer.companyName} will no longer see your records, and any corporate-member access through it ends. The company keeps your name and the end date among its former employees.`}</Text>
          <Text>To work for it again later, name it as your employer again: it then decides once more.</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={endLink.isPending}>
              Keep the link
            </Button>
            <Button color="red" loading={endLink.isPending} onClick={() => void end()}>
              End the link
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * Companies that see your records (issue 42, decision 038): the applicant's employer while the
 * claim is approved (with an end of the link), links they ended, and every company's checks of
 * their certificates: the company and when, never the person there.
 */
export function CompanyAccessSection() {
  const access = useCompanyAccess();
  const dates = useDateFormatter();
  if (access.isPending) return <Text c="dimmed">Loading…</Text>;
  if (access.error || !access.data) {
    return (
      <Alert color="red" variant="light">
        {errorMessageOf(access.error)}
      </Alert>
    );
  }
  const { employer, endedLinks, checks } = access.data;
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Companies that see your records
          </Title>
          <Text size="sm" c="dimmed">
            Only the employer that confirmed you work for it sees your awards and welder qualifications.
          </Text>
        </Stack>
        {employer ? <EmployerLink employer={employer} /> : <Text size="sm">No company sees your records.</Text>}
        {endedLinks.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Links you ended
            </Text>
            {endedLinks.map((link) => (
              <Text key={link.id} size="sm" c="dimmed">
                {`${link.companyName}: from ${dates.date(link.since)} to ${dates.date(link.endedOn)}`}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Who checked your certificates
          </Title>
          <Text size="sm" c="dimmed">
            Companies can check certificate numbers, as anyone can on the verification page. Each check by a company signed in to its portal is listed here.
          </Text>
        </Stack>
        {checks.length === 0 ? (
          <Text size="sm">No company has checked your certificates.</Text>
        ) : (
          <ScrollRegion label="Who checked your certificates">
            <Table miw={480} striped aria-label="Who checked your certificates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Certificate number</Table.Th>
                  <Table.Th>Checked</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {checks.map((check, index) => (
                  <Table.Tr key={`${check.checkedOn}-${check.certificateNumber}-${index}`}>
                    <Table.Td>{check.companyName}</Table.Td>
                    <Table.Td>{check.certificateNumber}</Table.Td>
                    <Table.Td>{dates.dateTime(check.checkedOn)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </Stack>
  );
}
