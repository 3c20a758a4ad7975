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
        </Alert>
      ))}
    </Stack>
  );
}
