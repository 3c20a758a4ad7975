import { Alert, Anchor, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { useMyWork } from '../api/dashboard';

function Section({ id, title, empty, count, children }: { id: string; title: string; empty: string; count: number; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title} ({count})
        </Title>
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/** A member of staff's own work on their role home: applications to assess, sittings to examine or invigilate, answers to mark. */
export function MyWorkView() {
  const work = useMyWork();
  if (work.isPending) return <Loader aria-label="Loading" />;
  if (work.error) return <Alert color="red">{errorMessageOf(work.error)}</Alert>;
  const { assignedApplications, sittings, answersToMark } = work.data;
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
      <Section id="my-assessments" title="Applications you assess" empty="No application is waiting for your review." count={assignedApplications.length}>
        <List spacing="xs" size="sm">
          {assignedApplications.map((a) => (
            <List.Item key={a.id}>
              <Anchor component={Link} to={`/admin/programs/${a.programId}/applications/${a.applicationType}/${a.id}`}>
                {a.applicationNumber}
              </Anchor>{' '}
              {a.applicantName}, {a.programCode}
            </List.Item>
          ))}
        </List>
      </Section>
      <Section id="my-sittings" title="Sittings you examine or invigilate" empty="No sitting is scheduled for you." count={sittings.length}>
        <List spacing="xs" size="sm">
          {sittings.map((s) => (
            <List.Item key={`${s.applicationModuleId}-${s.duty}`}>
              <DateDisplay value={s.scheduledAt} withTime />: {s.candidateName}, {s.programCode} {s.moduleTitle} ({s.duty}
              {s.examKind ? `, ${s.examKind}` : ''})
            </List.Item>
          ))}
        </List>
      </Section>
      <Section id="my-marking" title="Answers waiting for your marks" empty="No descriptive answer is waiting for you." count={answersToMark.length}>
        <List spacing="xs" size="sm">
          {answersToMark.map((m) => (
            <List.Item key={m.examInstanceId}>
              <Anchor component={Link} to={`/admin/examinations/sittings/${m.examInstanceId}/marking`}>
                {m.candidateName}
              </Anchor>
              , {m.programCode} {m.moduleTitle}: {m.waiting} to mark
            </List.Item>
          ))}
        </List>
      </Section>
    </SimpleGrid>
  );
}
