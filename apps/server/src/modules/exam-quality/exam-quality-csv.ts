import { formatDay } from '@certs/shared/common/dates';
import type { ExamQualityReport } from '@certs/shared/exam-quality/exam-quality.contract';
import { ITEM_FLAG_LABELS } from '@certs/shared/exam-quality/statistics';
import { toCsv, type CsvCell } from '../../platform/csv';

const ITEM_COLUMNS = ['Question', 'Section', 'Type', 'Marks', 'Facility', 'Discrimination', 'Options chosen', 'Flags', 'Text'] as const;

const asText = (value: number | null | undefined): CsvCell => (value === null || value === undefined ? '' : value);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The summary rows (measure, value) the CSV and the PDF share. */
export function summaryRowsOf(report: ExamQualityReport): [string, string | number][] {
  const { test, summary, period } = report;
  const show = (value: number | null) => (value === null ? '-' : value);
  return [
    ['Test', `T-${test.testNumber} ${test.title}`],
    ['Program', test.programCode ? `${test.programCode} ${test.programTitle ?? ''}`.trim() : '-'],
    ['Module', test.moduleCode ? `${test.moduleCode} ${test.moduleTitle ?? ''}`.trim() : '-'],
    // Days as people read dates (issue 45 item 9).
    ['Sittings submitted from', period.from ? formatDay(period.from) : 'the first'],
    ['Sittings submitted to', period.to ? formatDay(period.to) : 'today'],
    ['Days counted in', period.timeZone],
    ['Candidates (marked sittings)', report.candidates],
    ['Total marks', test.totalMarks],
    ['Mean score', show(summary.meanScore)],
    ['Mean score %', show(summary.meanPercent)],
    ['Standard deviation (marks, divided by N)', show(summary.standardDeviation)],
    ['Lowest score %', show(summary.lowestPercent)],
    ['Highest score %', show(summary.highestPercent)],
    ['Pass mark %', test.passPercentage ?? "the sittings' recorded results"],
    ['Passed', summary.passed],
    ['Pass rate', summary.passRate === null ? '-' : percent(summary.passRate)],
    [`Reliability (${summary.reliabilityMethod})`, show(summary.reliability)],
    ['Standard error of measurement (marks)', show(summary.standardErrorOfMeasurement)],
    ['Discrimination', report.discriminationMethod],
    ...report.distribution.map((bin): [string, number] => [`Candidates scoring ${bin.fromPercent}-${bin.toPercent}%`, bin.count]),
  ];
}

/**
 * The report as one CSV file for the auditor's spreadsheet: the summary as measure and value rows,
 * a blank line, then one row per question. Each block has its own header; formulas are
 * neutralised by `toCsv` as in every CSV the platform writes.
 */
export function examQualityCsv(report: ExamQualityReport): string {
  const summary = toCsv(summaryRowsOf(report), { columns: ['Measure', 'Value'] });
  const items = toCsv(
    report.items.map((item) => [
      item.questionLabel,
      item.sectionTitle,
      item.questionType,
      item.maxMarks,
      asText(item.facility),
      asText(item.discrimination),
      item.options.map((option) => `${option.label}${option.isCorrect ? ' (correct)' : ''} ${percent(option.share)} (${option.count})`).join('; '),
      item.flags.map((flag) => ITEM_FLAG_LABELS[flag]).join('; '),
      item.content,
    ]),
    { columns: ITEM_COLUMNS },
  );
  // One byte order mark, at the start of the file.
  return `${summary}\n${items.replace(/^\uFEFF/, '')}`;
}
