import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { dayText, type AppealableDecision } from '@certs/shared/appeal/appeal.contract';
import { useDateFormatter } from '../../../lib/dates';
import { useAppealOptions, useMyAppeals } from '../api/my-appeals';
import { LodgeAppealForm } from '../forms/lodge-appeal-form';
import { MyAppealsList } from './my-appeals-list';

function DecisionRow({ applicationId, decision }: { applicationId: string; decision: AppealableDecision }) {
  const dates = useDateFormatter();
  const [isOpen, setOpen] = useState(false);
  const canAppeal = decision.cannotAppealBecause === null;
  return (
    <Stack gap="sm" data-testid={`appealable-${decision.subject}`}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {decision.label}, decided {dates.date(decision.decidedOn)}
          </Text>
          <Text size="sm" c="dimmed">
            {canAppeal ? `You may appeal it until ${dayText(decision.windowClosesOn)}.` : decision.cannotAppealBecause}
          </Text>
        </Stack>
        {canAppeal && !isOpen && <Button onClick={() => setOpen(true)}>Appeal this decision</Button>}
      </Group>
      {isOpen && <LodgeAppealForm applicationId={applicationId} decision={decision} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />}
    </Stack>
  );
}

/**
 * The person's appeals on their application (issue 43): each decision they may appeal, within the
 * program's window, with "Appeal this decision"; then their appeals with status and outcome.
 * Hidden while there is neither. `resultByReview`: the page asks for a review of a result in its
 * review section (a review is the result's appeal), so the result is not offered twice.
 */
export function ApplicantAppealsSection({ applicationId, resultByReview = false }: { applicationId: string; resultByReview?: boolean }) {
  const options = useAppealOptions(applicationId);
  const mine = useMyAppeals(applicationId, 1, 50);
  // Where the page has the review's own section (Qualification, AICIP), a result is appealed there: the review is its appeal.
  const decisions = (options.data?.decisions ?? []).filter((decision) => !(resultByReview && decision.subject === 'result'));
  const appeals = mine.data?.rows ?? [];
  if (decisions.length === 0 && appeals.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="appeals-heading" data-testid="applicant-appeals">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="appeals-heading">
            Appeals
          </Title>
          <Text size="sm" c="dimmed">
            If you believe a decision on your application is wrong, you may appeal it. Someone who took no part in the decision handles your appeal.
          </Text>
        </Stack>
        {decisions.map((decision) => (
          <DecisionRow key={`${decision.subject}-${decision.decidedOn}`} applicationId={applicationId} decision={decision} />
        ))}
        <MyAppealsList rows={appeals} />
      </Stack>
    </Paper>
  );
}
