import { SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { ChartWithTable } from '../../../components/ui/chart-with-table';
import { useUserStat } from '../api/reports';
import { EMPTY_PERIOD, ReportFilters, reportQueryOf } from './report-filters';
import { ReportSection } from './report-section';

/** `userstat`: applicants by state, membership and month of registration; staff by role. */
export function UserStatReportView() {
  const [form, setForm] = useState(EMPTY_PERIOD);
  const report = useUserStat(reportQueryOf(form));
  const data = report.data;
  return (
    <ReportSection
      id="userstat"
      title="User statistics"
      description="Applicants registered in the period by state, membership and month; staff by role."
      filters={<ReportFilters value={form} onChange={setForm} periodLabel="Registered (account's time zone)" />}
      query={report}
    >
      {data && (
        <>
          <Text size="sm" data-testid="userstat-totals">
            {data.totalApplicants} applicants, {data.totalStaff} staff{data.isScoped ? ' (your programs only)' : ''}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ChartWithTable title="Applicants by state" valueLabel="Applicants" rows={data.applicantsByState} />
            <ChartWithTable title="Applicants by membership" valueLabel="Applicants" rows={data.applicantsByMembership} />
            <ChartWithTable title="Registrations by month" valueLabel="Applicants" rows={data.applicantsByMonth} />
            <ChartWithTable title="Staff by role" valueLabel="Staff" rows={data.staffByRole} />
          </SimpleGrid>
        </>
      )}
    </ReportSection>
  );
}
