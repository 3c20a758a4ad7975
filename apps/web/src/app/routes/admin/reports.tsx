import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { AdvancedSearchView } from '../../../features/advanced-search/components/advanced-search-view';
import { PaymentsReport } from '../../../features/payment/components/payments-report';
import { useReportPrograms } from '../../../features/report/api/reports';
import { ApplicationHistoryReportView } from '../../../features/report/components/application-history-report';
import { AwardsReportView } from '../../../features/report/components/awards-report';
import { ExamResultsReportView } from '../../../features/report/components/exam-results-report';
import { QuestionStatisticsReportView } from '../../../features/report/components/question-statistics-report';
import { UserStatReportView } from '../../../features/report/components/user-stat-report';
import { REPORT_TABS } from '../../../features/report/report-tabs';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { ADMIN_BULK_IMPORT_PATH, ADMIN_MANAGEMENT_REVIEW_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';

function SearchTab() {
  const programs = useReportPrograms();
  return <AdvancedSearchView programs={programs.data ?? []} />;
}

/** Reports (menu item): payments, user statistics, application history, exam results, awards, question statistics and the advanced search. */
export function AdminReportsRoute() {
  const { user } = useRequiredSession();
  const [params, setParams] = useSearchParams();
  usePageTitle('Reports');
  if (!user.menuItems.includes('Reports')) return <NotAvailable title="Reports" message={NO_ACCESS_MESSAGE} />;
  const tab = REPORT_TABS.find((t) => t.value === params.get('tab'))?.value ?? 'payments';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Reports</Title>
          <Text c="dimmed">Figures of the programs you may read; each table exports what it shows to CSV.</Text>
        </Stack>
        <Group gap="lg">
          <Anchor component={Link} to={ADMIN_MANAGEMENT_REVIEW_PATH}>
            Management review
          </Anchor>
          {user.menuItems.includes('Programs') && (
            <Anchor component={Link} to={ADMIN_BULK_IMPORT_PATH}>
              Import applications
            </Anchor>
          )}
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => setParams(value ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {REPORT_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsReport />
        </Tabs.Panel>
        <Tabs.Panel value="userstat" pt="md">
          <UserStatReportView />
        </Tabs.Panel>
        <Tabs.Panel value="applicationhistory" pt="md">
          <ApplicationHistoryReportView />
        </Tabs.Panel>
        <Tabs.Panel value="examresults" pt="md">
          <ExamResultsReportView />
        </Tabs.Panel>
        <Tabs.Panel value="awards" pt="md">
          <AwardsReportView />
        </Tabs.Panel>
        <Tabs.Panel value="questionstatistics" pt="md">
          <QuestionStatisticsReportView />
        </Tabs.Panel>
        <Tabs.Panel value="search" pt="md">
          <SearchTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
