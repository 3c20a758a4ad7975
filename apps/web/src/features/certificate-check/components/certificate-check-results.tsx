import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { AWARD_STATUS_COLORS } from '@certs/shared/award/award-status';
import { checkStatusText, type CertificateCheck, type CertificateCheckRow } from '@certs/shared/certificate-check/certificate-check.contract';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { downloadCheckCsv } from '../api/certificate-checks';

/** The status as the verification page words it, or "Not found". */
export function CheckStatusBadge({ row }: { row: Pick<CertificateCheckRow, 'status'> }) {
  // The app's status badge: the dot carries the colour and the text stays dark (a light badge's yellow or red text is too faint, axe).
  return <StatusBadge label={checkStatusText(row.status)} value={row.status ?? 'not found'} color={row.status ? AWARD_STATUS_COLORS[row.status] : 'red'} />;
}

/** One check's results, number by number, and the same as a CSV file. */
export function CertificateCheckResults({ check }: { check: CertificateCheck }) {
  const dates = useDateFormatter();
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCheckCsv(check.id);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The file could not be downloaded', message: errorMessageOf(error) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Results
          </Title>
          <Text size="sm" c="dimmed">
            {`${check.found} of ${check.total} found. Checked ${dates.dateTime(check.checkedOn)} by ${check.checkedBy}.`}
          </Text>
        </Stack>
        <Button variant="light" loading={isDownloading} onClick={() => void download()}>
          Download CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped aria-label="Check results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Certificate number</Table.Th>
              <Table.Th>Holder</Table.Th>
              <Table.Th>Program</Table.Th>
              <Table.Th>Awarding body</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Expiry date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {check.rows.map((row) => (
              <Table.Tr key={row.number}>
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {row.certificateNumber ?? row.number}
                </Table.Th>
                <Table.Td>{row.holderName ?? '—'}</Table.Td>
                <Table.Td>
                  {row.found ? (
                    <Stack gap={0}>
                      <Text size="sm">{`${row.programCode} ${row.programTitle}`}</Text>
                      {row.designations.map((designation) => (
                        <Text key={designation} size="xs" c="dimmed">
                          {designation}
                        </Text>
                      ))}
                    </Stack>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>{row.awardingBody ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <CheckStatusBadge row={row} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.found ? (row.expiresOn ? dates.date(row.expiresOn) : 'Does not expire') : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
