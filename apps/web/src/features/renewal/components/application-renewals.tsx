import { Anchor, Group, List, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RENEWAL_STATUS_COLORS, RENEWAL_STATUS_LABELS, type RenewalQueueRow, type RenewalTypePath } from '@certs/shared/renewal/renewal.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useRenewalQueue } from '../api/renewal';

interface ApplicationRenewalsProps {
  typePath: RenewalTypePath;
  programId: string;
  applicationNumber: string;
  renewalHrefOf: (row: RenewalQueueRow) => string;
}

/**
 * An application's renewals, on staff's application page (issue 45 item 10): each links to the
 * renewal, where it is decided. Read from the program's renewal queue by the application's number,
 * so it shows only to those who may decide renewals (the queue refuses the others: nothing shows).
 */
export function ApplicationRenewals({ typePath, programId, applicationNumber, renewalHrefOf }: ApplicationRenewalsProps) {
  const queue = useRenewalQueue({ typePath, programId, searchTerm: applicationNumber, page: 1, pageSize: 10 });
  // The search also finds numbers that contain this one.
  const rows = (queue.data?.rows ?? []).filter((row) => row.applicationNumber === applicationNumber);
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="application-renewals-heading" data-testid="application-renewals">
      <Title order={2} size="h5" id="application-renewals-heading" mb="xs">
        Renewals of this application
      </Title>
      <List spacing={6} size="sm">
        {rows.map((row) => (
          <List.Item key={row.id}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" span>
                Submitted <DateDisplay value={row.submittedOn} />, certificate {row.certificateNumber}
              </Text>
              <StatusBadge label={RENEWAL_STATUS_LABELS[row.status]} color={RENEWAL_STATUS_COLORS[row.status]} />
              <Anchor component={Link} to={renewalHrefOf(row)} size="sm">
                {row.status === 'submitted' ? 'Open the renewal to decide it' : 'Open the renewal'}
              </Anchor>
            </Group>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
