import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { ResitCandidateModule, ResitModule } from '@certs/shared/resit/resit.contract';
import { RESIT_RESULT_WORDS, RESIT_STAGE_COLORS, RESIT_STAGE_LABELS, type ResitTypePath } from '@certs/shared/resit/resit-rules';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useApplyForResit, useResitView } from '../api/resit';
import { ResitWhenWhere } from './resit-when-where';

interface ApplicantResitSectionProps {
  word: ResitTypePath;
  applicationId: string;
  /** The existing pay page of a payment link. */
  payHref: (trackerId: string) => string;
}

const RESULT_LABELS: Record<string, string> = { Pass: 'Passed', Fail: 'Not passed', Absent: 'Absent' };

/** What the candidate reads of one re-sit: where it stands and what to do next, with the sitting's time and place once sent. */
function ResitNextStep({ resit, payHref }: { resit: ResitModule; payHref: (trackerId: string) => string }) {
  if (resit.paymentTrackerId) {
    return (
      <Button size="xs" component={Link} to={payHref(resit.paymentTrackerId)} aria-label={`Pay invoice (${formatMoney(resit.feeCents, resit.currency)}) for the re-sit of ${resit.moduleCode}`}>
        Pay invoice ({formatMoney(resit.feeCents, resit.currency)})
      </Button>
    );
  }
  if (resit.stage === 'Resit Result') return <Text size="sm">{resit.result ? RESULT_LABELS[resit.result] : '-'}</Text>;
  // Sat and assessed: the sitting is over, nothing to start.
  if (resit.stage === 'Resit Examination Assessment') return <Text size="sm">Assessed: staff will record the result and mail it to you</Text>;
  if (resit.scheduledAt && resit.scheduleSentOn) return <ResitWhenWhere resit={resit} />;
  if (resit.stage === 'Resit Payment Verified' || resit.stage === 'Resit Examination') return <Text size="sm">Paid: staff will schedule your re-sit and mail you the date, time and place</Text>;
  return <Text size="sm">Waiting for the result</Text>;
}

/**
 * The applicant's re-sits (decision 024) on their application page: "Apply for a re-sit" on each
 * failed module whose program allows it (shown only when allowed), an optional discount code, then
 * each re-sit's stage with its Pay invoice link, its exam and its result.
 */
export function ApplicantResitSection({ word, applicationId, payHref }: ApplicantResitSectionProps) {
  const view = useResitView(word, applicationId);
  const apply = useApplyForResit(word);
  const [choosing, setChoosing] = useState<ResitCandidateModule | null>(null);
  const [couponCode, setCouponCode] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  if (!view.data) return null;
  const { modules, resits, currency } = view.data;
  const open = modules.filter((module) => module.cannotApplyBecause === null);
  if (open.length === 0 && resits.length === 0) return null;

  const send = async (module: ResitCandidateModule) => {
    setError({});
    try {
      const resit = await apply.mutateAsync({ applicationModuleId: module.applicationModuleId, couponCode: couponCode.trim() || null });
      setChoosing(null);
      setCouponCode('');
      notifications.show({ color: 'green', title: 'Re-sit applied for', message: `Invoice issued for the re-sit of ${resit.moduleCode}: pay it to have the exam scheduled.` });
    } catch (caught) {
      const fieldErrors = (caught as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
      setError(fieldErrors.couponCode ? { field: fieldErrors.couponCode } : { form: errorMessageOf(caught) });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="resit-heading" data-testid="applicant-resits">
      <Stack gap="md">
        <Title order={2} size="h4" id="resit-heading">
          Re-sits
        </Title>
        {open.map((module) => (
          <Stack key={module.applicationModuleId} gap="xs">
            <Group justify="space-between" align="center">
              <Text size="sm">
                {module.moduleCode} {module.moduleTitle} was {RESIT_RESULT_WORDS[module.currentResult ?? ''] ?? 'not passed'}. You may re-sit it
                {module.feeCents !== null ? ` for ${formatMoney(module.feeCents, currency)} (incl. GST)` : ''}.
              </Text>
              {choosing?.applicationModuleId !== module.applicationModuleId && (
                <Button onClick={() => setChoosing(module)} aria-label={`Apply for a re-sit of ${module.moduleCode}`}>
                  Apply for a re-sit
                </Button>
              )}
            </Group>
            {choosing?.applicationModuleId === module.applicationModuleId && (
              <Stack gap="sm" data-testid="resit-form">
                <TextInput
                  label="Discount code"
                  description="Optional."
                  value={couponCode}
                  onChange={(event) => setCouponCode(event.currentTarget.value)}
                  error={error.field}
                  disabled={apply.isPending}
                  maw={320}
                />
                {error.form && (
                  <Alert color="red" variant="light" title="The re-sit could not be applied for" role="alert">
                    {error.form}
                  </Alert>
                )}
                <Group gap="sm">
                  <Button variant="default" onClick={() => setChoosing(null)} disabled={apply.isPending}>
                    Cancel
                  </Button>
                  <Button onClick={() => void send(module)} loading={apply.isPending}>
                    Apply and get the invoice
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        ))}
        {resits.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-label="Your re-sits">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Module</Table.Th>
                  <Table.Th>Re-sit</Table.Th>
                  <Table.Th>Stage</Table.Th>
                  <Table.Th>Exam and next step</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {resits.map((resit) => (
                  <Table.Tr key={resit.id} data-testid="resit-row">
                    <Table.Td>
                      {resit.moduleCode} {resit.moduleTitle}
                    </Table.Td>
                    <Table.Td>{resit.attempt}</Table.Td>
                    <Table.Td>
                      <StatusBadge label={RESIT_STAGE_LABELS[resit.stage]} value={resit.stage} color={RESIT_STAGE_COLORS[resit.stage]} />
                    </Table.Td>
                    <Table.Td>
                      <ResitNextStep resit={resit} payHref={payHref} />
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
