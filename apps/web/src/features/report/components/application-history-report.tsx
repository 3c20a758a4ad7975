import { Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { APPLICATION_STATUS_OPTIONS, statusLabelOf } from '@certs/shared/application/application-labels';
import type { ApplicationHistoryReport } from '@certs/shared/report/report.contract';
import { ExportButton } from '../../../components/ui/export-button';
import { useApplicationHistory } from '../api/reports';
import { EMPTY_PERIOD, ReportFilters, reportQueryOf } from './report-filters';
import { ReportSection } from './report-section';
import { rowsOnScreen } from '../../../lib/export-csv';
import { csvColumnsOf, SimpleTable, type SimpleColumn } from './simple-table';

type Row = ApplicationHistoryReport['rows'][number];
const columns: SimpleColumn<Row>[] = [
  { header: 'Program', cell: (row) => `${row.programCode} ${row.programTitle}` },
  { header: 'Moved to', cell: (row) => statusLabelOf(row.status) },
  { header: 'By', cell: (row) => row.staffName },
  { header: 'Moves', cell: (row) => row.moves, isNumeric: true },
];

/** `applicationhistory`: application moves in a period by program, status and staff member. */
export function ApplicationHistoryReportView() {
  const [form, setForm] = useState(EMPTY_PERIOD);
  const [status, setStatus] = useState('');
  const report = useApplicationHistory({ ...reportQueryOf(form), status: status || undefined });
  const rows = report.data?.rows ?? [];
  return (
    <ReportSection
      id="applicationhistory"
      title="Application history"
      description="Every status change of applications in the period, counted by program, new status and who made it."
      filters={
        <Group gap="md" align="flex-end">
          <ReportFilters value={form} onChange={setForm} />
          <NativeSelect label="Moved to" value={status} onChange={(e) => setStatus(e.currentTarget.value)} data={[{ value: '', label: 'Any status' }, ...APPLICATION_STATUS_OPTIONS]} w={220} />
        </Group>
      }
      action={<ExportButton<Row> table="Application history" fileName="application-history.csv" source={{ kind: 'pages', columns: csvColumnsOf(columns), fetchPage: rowsOnScreen(rows) }} />}
      query={report}
    >
      <Text size="sm">{report.data?.totalMoves ?? 0} moves</Text>
      <SimpleTable caption="Application moves" columns={columns} rows={rows} rowKey={(row) => `${row.programId}-${row.status}-${row.staffId}`} testId="application-history" />
    </ReportSection>
  );
}
