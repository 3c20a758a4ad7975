import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useFormerPeople } from '../api/company-access';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/** People whose link to the company ended (decision 038): their name and the dates, nothing more. */
export function FormerPeople() {
  const former = useFormerPeople();
  const dates = useDateFormatter();
  const rows = former.data ?? [];
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={2} size="h3">
          Former employees
        </Title>
        <Text size="sm" c="dimmed">
          People who ended their link to your company. You no longer see their records.
        </Text>
      </Stack>
      {former.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(former.error)}
        </Alert>
      )}
      {former.isSuccess && rows.length === 0 && <Text size="sm">None.</Text>}
      {rows.length > 0 && (
        <ScrollRegion label="Former employees">
          <Table miw={420} striped aria-label="Former employees">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Since</Table.Th>
                <Table.Th>Link ended</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td>{`${person.firstName} ${person.lastName}`}</Table.Td>
                  <Table.Td>{dates.date(person.since)}</Table.Td>
                  <Table.Td>{dates.date(person.endedOn)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}
