import { useState } from 'react';
import type { ExamResultsReport } from '@certs/shared/report/report.contract';
import { ExportButton } from '../../../components/ui/export-button';
import { useExamResults } from '../api/reports';
import { EMPTY_PERIOD, ReportFilters, reportQueryOf } from './report-filters';
import { ReportSection } from './report-section';
import { rowsOnScreen } from '../../../lib/export-csv';
import { csvColumnsOf, dash, SimpleTable, type SimpleColumn } from './simple-table';

type Row = ExamResultsReport['rows'][number];
const columns: SimpleColumn<Row>[] = [
  { header: 'Program', cell: (row) => `${row.programCode} ${row.programTitle}` },
  { header: 'Module', cell: (row) => `${row.moduleCode} ${row.moduleTitle}` },
  { header: 'Attempts', cell: (row) => row.attempts, isNumeric: true },
  { header: 'Passed', cell: (row) => row.passed, isNumeric: true },
  { header: 'Failed', cell: (row) => row.failed, isNumeric: true },
  { header: 'Absent', cell: (row) => row.absent, isNumeric: true },
  { header: 'Pass rate %', cell: (row) => dash(row.passRate), isNumeric: true },
  { header: 'Average %', cell: (row) => dash(row.averagePercentage), isNumeric: true },
];

/** Exam results by program and module: attempts, passes, fails, absences, pass rate. */
export function ExamResultsReportView() {
  const [form, setForm] = useState(EMPTY_PERIOD);
  const report = useExamResults(reportQueryOf(form));
  const rows = report.data?.rows ?? [];
  return (
    <ReportSection
      id="examresults"
      title="Exam results"
      description="Module results recorded in the period. The pass rate counts those who sat (absences excluded)."
      filters={<ReportFilters value={form} onChange={setForm} periodLabel="Result recorded (account's time zone)" />}
      action={
        <ExportButton<Row>
          table="Exam results"
          fileName="exam-results.csv"
          source={{ kind: 'pages', columns: csvColumnsOf(columns), fetchPage: rowsOnScreen(rows) }}
        />
      }
      query={report}
    >
      <SimpleTable caption="Results by module" columns={columns} rows={rows} rowKey={(row) => `${row.programId}-${row.moduleCode}`} testId="exam-results" />
    </ReportSection>
  );
}
