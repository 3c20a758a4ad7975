import { Alert, Button, Center, Divider, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useState, type ReactNode } from 'react';
import type { ApplicationStatus, ApplicationTypePath } from '@certs/shared/application/application-status';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { AWARD_ACTIONS, AWARD_STATUS_LABELS, awardActionsFrom, type AwardAction } from '@certs/shared/award/award-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { useAwardAction } from '../api/award-action';
import { useApplicationAwards, useAward } from '../api/find-award';
import { AwardActionDialog } from './award-action-dialog';
import { AwardDownloads } from './award-downloads';
import { AwardHistoryTable } from './award-history-table';
import { AwardStatusBadge } from './award-status-badge';

/** Application statuses that come with an award (the award actions and renewals move between them). */
const AWARDED_STATUSES: readonly ApplicationStatus[] = ['Awarded', 'Awarded OnHold', 'Award Cancelled', 'Award Withdrawn', 'Applied for Renewal', 'Applied for Revalidation'];

export function hasAward(status: ApplicationStatus): boolean {
  return AWARDED_STATUSES.includes(status);
}

interface AwardPanelProps {
  type: ApplicationTypePath;
  application: { id: string; applicationNumber: string; programId: string; status: ApplicationStatus };
  /** Administrators and the program's manager: they hold, release, cancel and withdraw. */
  canManage: boolean;
  /** An action moved the application too: the page reloads it. */
  onMoved?: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function AwardDetails({ row, type, applicationId, canManage, onMoved }: { row: AwardRow; type: ApplicationTypePath; applicationId: string; canManage: boolean; onMoved?: () => void }) {
  const award = useAward(row.id);
  const act = useAwardAction(type, applicationId);
  const [asked, setAsked] = useState<AwardAction | null>(null);
  const shown = award.data ?? { ...row, statusReason: null, history: [] };
  const actions = canManage ? awardActionsFrom(shown.status) : [];
  const confirm = async (action: AwardAction, reason: string) => {
    await act.mutateAsync({ action, reason });
    onMoved?.();
    notifications.show({ color: 'green', title: 'Award changed', message: `Award ${row.certificateNumber} is now ${AWARD_STATUS_LABELS[AWARD_ACTIONS[action].to].toLowerCase()}; the holder has been mailed.` });
  };
  return (
    <Stack gap="md" data-testid={`award-${row.certificateNumber}`}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Fact label="Certificate number">
          <span data-testid="award-certificate-number">{shown.certificateNumber}</span>
        </Fact>
        <Fact label="Status">
          <AwardStatusBadge status={shown.status} />
        </Fact>
        <Fact label="Award date">
          <DateDisplay value={shown.awardDate} />
        </Fact>
        <Fact label="Expiry">
          <span data-testid="award-expiry">{shown.expiresOn ? <DateDisplay value={shown.expiresOn} /> : 'Does not expire'}</span>
        </Fact>
      </SimpleGrid>
      {shown.statusReason && shown.status !== 'current' && (
        <Alert color="yellow" variant="light" title={`${AWARD_STATUS_LABELS[shown.status]}: reason`} data-testid="award-status-reason">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {shown.statusReason}
          </Text>
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" data-testid="award-actions">
          {actions.map((action) => (
            <Button key={action} size="sm" variant="light" color={action === 'cancel' || action === 'withdraw' ? 'red' : undefined} onClick={() => setAsked(action)}>
              {AWARD_ACTIONS[action].label}
            </Button>
          ))}
        </Group>
        <AwardDownloads award={shown} canDownloadInvalid />
      </Group>
      {award.error ? (
        <Text size="sm" c="red.9">
          {errorMessageOf(award.error)}
        </Text>
      ) : award.isPending ? (
        <Loader size="sm" aria-label="Loading the award's history" />
      ) : (
        <AwardHistoryTable award={shown} />
      )}
      <AwardActionDialog action={asked} certificateNumber={row.certificateNumber} onConfirm={confirm} onClose={() => setAsked(null)} />
    </Stack>
  );
}

/**
 * The Award section of the staff's application page: each award of the application (number,
 * status, award date, expiry, history), the certificate and credential, and the actions the award's
 * status allows, for staff who manage the program's applications.
 */
export function AwardPanel({ type, application, canManage, onMoved }: AwardPanelProps) {
  const isAwarded = hasAward(application.status);
  const awards = useApplicationAwards(application, isAwarded);
  if (!isAwarded) return null;
  let body: ReactNode;
  if (awards.isPending) {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the award" />
      </Center>
    );
  } else if (awards.error) {
    body = (
      <Alert color="red" variant="light" title="The award could not be loaded">
        {errorMessageOf(awards.error)}
      </Alert>
    );
  } else if (awards.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No award record for this application yet.
      </Text>
    );
  } else {
    body = awards.data.map((row, index) => (
      <Fragment key={row.id}>
        {index > 0 && <Divider my="md" />}
        <AwardDetails row={row} type={type} applicationId={application.id} canManage={canManage} onMoved={onMoved} />
      </Fragment>
    ));
  }
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="award-stage-heading" data-testid="award-stage">
      <Title order={2} size="h4" id="award-stage-heading" mb="md">
        Award
      </Title>
      {body}
    </Paper>
  );
}
