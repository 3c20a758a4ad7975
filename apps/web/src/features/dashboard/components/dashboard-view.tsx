import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardSummary } from '@certs/shared/dashboard/dashboard.contract';
import { formatAmount } from '@certs/shared/payment/payment.contract';
import { ChartWithTable } from '../../../components/ui/chart-with-table';
import { errorMessageOf } from '../../../lib/api-client';
import { useDashboardSummary } from '../api/dashboard';

/** Where each pending action is worked through (confirmations due: Programs → Welders due, the list it counts). */
const PENDING_LINKS: Record<DashboardSummary['pending'][number]['key'], string> = {
  awaitingAssessor: '/admin/applications',
  resultsToRecord: '/admin/applications',
  answersToMark: '/admin/examinations/sittings',
  confirmationsDue: '/admin/welders-due',
};

function Figure({ label, value, href, testId }: { label: string; value: ReactNode; href?: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {href ? (
          // The link says what the number counts, not only the number.
          <Anchor component={Link} to={href} inherit aria-label={typeof value === 'string' || typeof value === 'number' ? `${label}: ${value}` : undefined}>
            {value}
          </Anchor>
        ) : (
          value
        )}
      </Text>
    </Paper>
  );
}

/** The Dashboard menu: the account's (or the caller's programs') applications, exams, payments, awards and pending actions. */
export function DashboardView() {
  const summary = useDashboardSummary();
  if (summary.isPending) return <Loader aria-label="Loading" />;
  if (summary.error) return <Alert color="red">{errorMessageOf(summary.error)}</Alert>;
  const data = summary.data;
  return (
    <Stack gap="lg">
      {data.isScoped && <Text c="dimmed">Figures of the programs you manage or serve on.</Text>}
      <Stack gap="xs" component="section" aria-labelledby="dashboard-types-heading">
        <Title order={2} size="h4" id="dashboard-types-heading">
          Submitted applications by type
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {data.applicationsByType.map((row) => (
            <Figure key={row.type} label={row.label} value={row.count} href={`/admin/applications?type=${row.type}`} testId={`dashboard-type-${row.type}`} />
          ))}
          {data.applicationsByType.length === 0 && <Text c="dimmed">No submitted applications.</Text>}
        </SimpleGrid>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label={`Exams in the next ${data.examsNextDays} days`} value={data.examsAheadTotal} href="/admin/examinations/sittings" testId="dashboard-exams-ahead" />
        <Figure label={`Payments this month (${data.paymentsThisMonth.count})`} value={formatAmount(data.paymentsThisMonth.amountCents, data.paymentsThisMonth.currency)} href="/admin/reports" testId="dashboard-payments" />
        <Figure label="Awards issued this month" value={data.awards.issuedThisMonth} href="/admin/awards" testId="dashboard-awards-issued" />
        <Figure label={`Current awards expiring in ${data.awards.expiringWithinDays} days`} value={data.awards.expiringSoon} href="/admin/awards" testId="dashboard-awards-expiring" />
      </SimpleGrid>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-pending-heading">
        <Title order={2} size="h4" id="dashboard-pending-heading" mb="sm">
          Pending actions
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {data.pending.map((action) => (
            <Figure key={action.key} label={action.label} value={action.count} href={PENDING_LINKS[action.key]} testId={`dashboard-pending-${action.key}`} />
          ))}
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <ChartWithTable title="Applications by status" valueLabel="Applications" rows={data.applicationsByStatus.filter((row) => row.count > 0)} testId="dashboard-by-status" />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <ChartWithTable title="Examinations stage by step" valueLabel="Applications" rows={data.applicationsByStage} testId="dashboard-by-stage" />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <ChartWithTable title="Work waiting, by action" valueLabel="Waiting" rows={data.pending.map((action) => ({ label: action.label, count: action.count }))} testId="dashboard-pending" />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <ChartWithTable title={`Exams per day, next ${data.examsNextDays} days`} valueLabel="Exams" rows={data.examsAhead.map((row) => ({ label: row.day, count: row.count }))} isTableVisible />
        </Paper>
      </SimpleGrid>
      <Group>
        <Anchor component={Link} to="/admin/reports">
          All reports
        </Anchor>
      </Group>
    </Stack>
  );
}
