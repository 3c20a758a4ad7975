import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDateFormatter } from '../../../lib/dates';
import { useApplicationReports } from '../api/invigilation';

/** On the staff application page: the invigilators' irregularity reports on its sittings (nothing when there are none or they are not the reader's). */
export function IrregularityReports({ applicationId, reviewHref }: { applicationId: string; reviewHref: (examInstanceId: string) => string }) {
  const reports = useApplicationReports(applicationId);
  const dates = useDateFormatter();
  if (!reports.data || reports.data.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="irregularity-reports-heading" data-testid="irregularity-reports">
      <Title order={2} size="h4" id="irregularity-reports-heading" mb="sm">
        Irregularity reports
      </Title>
      <Stack gap="md">
        {reports.data.map((report) => (
          <Stack key={report.id} gap={2} data-testid="irregularity-report">
            <Text size="sm" fw={600}>
              {report.moduleCode}: {report.category}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {report.description}
            </Text>
            {report.evidenceTimes.length > 0 && (
              <Text size="xs" c="dimmed">
                Evidence at {report.evidenceTimes.map((time) => dates.dateTime(time)).join(', ')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              By {report.createdBy} on {dates.dateTime(report.createdOn)}
              {report.examInstanceId && (
                <>
                  {' · '}
                  <Anchor component={Link} to={reviewHref(report.examInstanceId)} size="xs">
                    Review the sitting
                  </Anchor>
                </>
              )}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
