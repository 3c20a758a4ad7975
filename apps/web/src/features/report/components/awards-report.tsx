import { useState } from 'react';
import type { AwardsReport } from '@certs/shared/report/report.contract';
import { ExportButton } from '../../../components/ui/export-button';
import { useAwardsReport } from '../api/reports';
import { EMPTY_PERIOD, ReportFilters, reportQueryOf } from './report-filters';
import { ReportSection } from './report-section';
import { rowsOnScreen } from '../../../lib/export-csv';
import { csvColumnsOf, SimpleTable, type SimpleColumn } from './simple-table';

type Row = AwardsReport['rows'][number];

/** Awards issued in the period, and current, expiring and expired now, by program. */
export function AwardsReportView() {
  const [form, setForm] = useState(EMPTY_PERIOD);
  const report = useAwardsReport(reportQueryOf(form));
  const rows = report.data?.rows ?? [];
  const days = report.data?.expiringWithinDays ?? 90;
  const columns: SimpleColumn<Row>[] = [
    { header: 'Program', cell: (row) => `${row.programCode} ${row.programTitle}` },
    { header: 'Issued in period', cell: (row) => row.issued, isNumeric: true },
    { header: 'Current', cell: (row) => row.current, isNumeric: true },
    { header: `Expiring in ${days} days`, cell: (row) => row.expiringSoon, isNumeric: true },
    { header: 'Expired', cell: (row) => row.expired, isNumeric: true },
  ];
  return (
    <ReportSection
      id="awards"
      title="Awards issued and expiring"
      description="Awards issued in the period (award date), with the program's current, soon expiring and expired awards today."
      filters={<ReportFilters value={form} onChange={setForm} periodLabel="Award date" />}
      action={<ExportButton<Row> table="Awards" fileName="awards-report.csv" source={{ kind: 'pages', columns: csvColumnsOf(columns), fetchPage: rowsOnScreen(rows) }} />}
      query={report}
    >
      <SimpleTable caption="Awards by program" columns={columns} rows={rows} rowKey={(row) => row.programId} testId="awards-report" />
    </ReportSection>
  );
}
