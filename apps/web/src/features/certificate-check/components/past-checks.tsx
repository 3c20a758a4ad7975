import { Alert, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CertificateCheckSummary } from '@certs/shared/certificate-check/certificate-check.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { usePastChecks } from '../api/certificate-checks';

/** The company's last 50 checks; opening one shows its results again. */
export function PastChecks({ onOpen, openId }: { onOpen: (check: CertificateCheckSummary) => void; openId: string | null }) {
  const checks = usePastChecks();
  const dates = useDateFormatter();
  const rows = checks.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Past checks
      </Title>
      {checks.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(checks.error)}
        </Alert>
      )}
      {checks.isSuccess && rows.length === 0 && <Text c="dimmed">No checks yet.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label="Past checks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Checked</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Numbers</Table.Th>
                <Table.Th>Found</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Results</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((check) => (
                <Table.Tr key={check.id}>
                  <Table.Td>{dates.dateTime(check.checkedOn)}</Table.Td>
                  <Table.Td>{check.checkedBy}</Table.Td>
                  <Table.Td>{check.total}</Table.Td>
                  <Table.Td>{check.found}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" disabled={openId === check.id} aria-label={`${openId === check.id ? 'Shown: the' : 'Show the'} check of ${dates.dateTime(check.checkedOn)}`} onClick={() => onOpen(check)}>
                      {openId === check.id ? 'Shown' : 'Show'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
