import { Alert, Loader, Paper, Stack, Title } from '@mantine/core';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { ApplicationStep } from '../../../components/ui/application-status';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { errorMessageOf } from '../../../lib/api-client';
import { useApplicationHistory } from '../api/find-application-history';

type HistoryEntry = NonNullable<ReturnType<typeof useApplicationHistory>['data']>[number];

const HISTORY_COLUMNS: PagedTableColumn<HistoryEntry>[] = [
  { key: 'when', header: 'When', isRowHeader: true, noWrap: true, render: (entry) => <DateDisplay value={entry.changedOn} withTime /> },
  { key: 'from', header: 'From', render: (entry) => <ApplicationStep status={entry.fromStatus} stage={entry.fromStage} /> },
  { key: 'to', header: 'To', render: (entry) => <ApplicationStep status={entry.toStatus} stage={entry.toStage} /> },
];

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
          // A table from 768 px up (its scroll region takes keyboard focus); below, one card per move (issue 45 item 14).
          <DataTable label="Application history" columns={HISTORY_COLUMNS} rows={history.data} rowKey={(entry) => entry.id} minWidth={480} striped verticalSpacing="xs" testId="applicant-application-history" />
        )}
      </Stack>
    </Paper>
  );
}
