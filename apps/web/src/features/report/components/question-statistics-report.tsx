import { List, Text } from '@mantine/core';
import { useState } from 'react';
import type { QuestionStatisticsReport } from '@certs/shared/report/report.contract';
import { ExportButton } from '../../../components/ui/export-button';
import { useQuestionStatistics } from '../api/reports';
import { EMPTY_PERIOD, ReportFilters, reportQueryOf } from './report-filters';
import { ReportSection } from './report-section';
import { rowsOnScreen } from '../../../lib/export-csv';
import { csvColumnsOf, dash, SimpleTable, type SimpleColumn } from './simple-table';

type Row = QuestionStatisticsReport['rows'][number];
const columns: SimpleColumn<Row>[] = [
  { header: 'Question', cell: (row) => <Text size="sm" fw={600}>{row.questionLabel}</Text>, csv: (row) => row.questionLabel },
  { header: 'Text', cell: (row) => row.content },
  { header: 'Type', cell: (row) => row.questionType },
  { header: 'Attempts', cell: (row) => row.attempts, isNumeric: true },
  { header: 'Facility %', cell: (row) => dash(row.facility), isNumeric: true },
  { header: 'Discrimination', cell: (row) => dash(row.discrimination), isNumeric: true },
  { header: 'Average seconds', cell: (row) => dash(row.averageSeconds), isNumeric: true },
  {
    header: 'Options chosen',
    csv: (row) => (row.options.length === 0 ? '-' : row.options.map((o) => `${o.text}${o.isCorrect ? ' (correct)' : ''}: ${o.chosen} (${o.chosenPercent}%)`).join('; ')),
    cell: (row) =>
      row.options.length === 0 ? (
        '-'
      ) : (
        <List size="sm" listStyleType="none">
          {row.options.map((option) => (
            <List.Item key={option.optionId}>
              {option.text}
              {option.isCorrect ? ' (correct)' : ''}: {option.chosen} ({option.chosenPercent}%)
            </List.Item>
          ))}
        </List>
      ),
  },
];

/** Moodle-style statistics of each question over marked module sittings. */
export function QuestionStatisticsReportView() {
  const [form, setForm] = useState(EMPTY_PERIOD);
  const report = useQuestionStatistics(reportQueryOf(form));
  const rows = report.data?.rows ?? [];
  return (
    <ReportSection
      id="questionstatistics"
      title="Question statistics"
      description="From marked module sittings: facility (average mark as % of the maximum), discrimination (correlation with the rest of the sitting, x100), average time and how often each option was chosen."
      filters={<ReportFilters value={form} onChange={setForm} periodLabel="Sitting submitted (account's time zone)" />}
      action={
        <ExportButton<Row>
          table="Question statistics"
          fileName="question-statistics.csv"
          source={{ kind: 'pages', columns: csvColumnsOf(columns), fetchPage: rowsOnScreen(rows) }}
        />
      }
      query={report}
    >
      <Text size="sm">{report.data?.sittings ?? 0} marked sittings</Text>
      <SimpleTable caption="Statistics per question" columns={columns} rows={rows} rowKey={(row) => row.questionVersionId} testId="question-statistics" />
    </ReportSection>
  );
}
