import { Alert, Group, Stack, Text } from '@mantine/core';
import { AWARD_STATUS_LABELS, isAwardValid } from '@certs/shared/award/award-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { useMyApplicationAwards } from '../api/find-my-awards';
import { AwardDownloads } from './award-downloads';
import { AwardStatusBadge } from './award-status-badge';

/** On the applicant's application page: the award it led to, with its certificate. */
export function MyApplicationAward({ applicationId }: { applicationId: string }) {
  const awards = useMyApplicationAwards(applicationId);
  if (!awards.data || awards.data.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="my-application-award">
      {awards.data.map((award) => (
        <Alert
          key={award.id}
          color={isAwardValid(award.status) ? 'green' : 'yellow'}
          variant="light"
          // The title in the page's text colour: yellow (or green) on its light background is below 4.5:1 (issue 45).
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={`Award: certificate ${award.certificateNumber}`}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="wrap">
              <AwardStatusBadge status={award.status} />
              <Text size="sm">
                Awarded <DateDisplay value={award.awardDate} />
                {award.expiresOn ? (
                  <>
                    , expires <DateDisplay value={award.expiresOn} />
                  </>
                ) : null}
                {!isAwardValid(award.status) && `. While ${AWARD_STATUS_LABELS[award.status].toLowerCase()}, the certificate is not valid.`}
              </Text>
            </Group>
            <AwardDownloads award={award} />
          </Group>
          {award.statusReason && (
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }} data-testid="award-status-reason">
              Reason given: {award.statusReason}
            </Text>
          )}

        </Alert>
      ))}
    </Stack>
  );
}
