import { Alert, Loader, Paper, Stack, Table, Title } from '@mantine/core';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { ApplicationStep } from '../../../components/ui/application-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { useApplicationHistory } from '../api/find-application-history';

/** The applicant's view of where their application has been: each move, when, from and to (staff notes stay with staff). */
export function ApplicationHistory({ type, applicationId }: { type: ApplicationTypePath; applicationId: string }) {
  const history = useApplicationHistory(type, applicationId);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="application-history-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="application-history-title">
          History
        </Title>
        {history.isPending && <Loader size="sm" aria-label="Loading the history" />}
        {history.error && (
          <Alert color="red" variant="light">
            {errorMessageOf(history.error)}
          </Alert>
        )}
        {history.data && (
          // Its viewport takes keyboard focus, so that keyboard users can scroll a history wider than a phone (axe scrollable-region-focusable).
          <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'group', 'aria-label': 'Application history' } }}>
            <Table striped verticalSpacing="xs" aria-label="Application history" data-testid="applicant-application-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateDisplay value={entry.changedOn} withTime />
                    </Table.Td>
                    <Table.Td>
                      <ApplicationStep status={entry.fromStatus} stage={entry.fromStage} />
                    </Table.Td>
                    <Table.Td>
                      <ApplicationStep status={entry.toStatus} stage={entry.toStage} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
