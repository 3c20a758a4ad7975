import { Alert, Badge, Button, Center, Group, List, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatDay } from '@certs/shared/common/dates';
import type { ExamQualityItem, ExamQualityQuery, ExamQualityReport, ExamQualityTest } from '@certs/shared/exam-quality/exam-quality.contract';
import { ITEM_FLAG_LABELS, QUALITY_THRESHOLDS } from '@certs/shared/exam-quality/statistics';
import { ChartWithTable } from '../../../components/ui/chart-with-table';
import { DataTable } from '../../../components/ui/data-table';
import { DateField } from '../../../components/ui/date-field';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { errorMessageOf } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { qualityFilePath, useQualityReport, useQualityTests } from '../api/exam-quality';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A yellow or gray alert's own title colour reads under 4.5:1 on its tint: the title is dark instead. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-7)' } };

const figure = (value: number | null, digits = 2) => (value === null ? '-' : value.toFixed(digits));
const percent = (share: number | null) => (share === null ? '-' : `${(share * 100).toFixed(1)}%`);

function testLabel(test: ExamQualityTest): string {
  const where = [test.programCode, test.moduleCode].filter(Boolean).join(' ');
  return `T-${test.testNumber} ${test.title}${where ? ` (${where})` : ''}: ${test.markedSittings} marked ${test.markedSittings === 1 ? 'sitting' : 'sittings'}`;
}

export interface QualitySelection {
  testId: string;
  from: string;
  to: string;
}

function FlagBadges({ item }: { item: ExamQualityItem }) {
  if (item.flags.length === 0) return <Text size="sm">-</Text>;
  return (
    <Stack gap={4} align="flex-start">
      {item.flags.map((flag) => (
        // Dark red with white text: light red read under 4.5:1 on a striped row.
        <Badge key={flag} color="red.9" variant="filled" tt="none" miw="max-content" data-flag={flag}>
          {ITEM_FLAG_LABELS[flag]}
        </Badge>
      ))}
    </Stack>
  );
}

const ITEM_COLUMNS: PagedTableColumn<ExamQualityItem>[] = [
  { key: 'question', header: 'Question', isRowHeader: true, noWrap: true, render: (item) => <Text fw={600} size="sm">{item.questionLabel}</Text> },
  {
    key: 'text',
    header: 'Text',
    render: (item) => (
      <Stack gap={2}>
        <Text size="sm">{item.content}</Text>
        <Text size="xs" c="dimmed">
          {item.sectionTitle} · {item.questionType}
        </Text>
      </Stack>
    ),
  },
  { key: 'marks', header: 'Marks', align: 'right', render: (item) => item.maxMarks },
  { key: 'facility', header: 'Facility', align: 'right', render: (item) => figure(item.facility) },
  { key: 'discrimination', header: 'Discrimination', align: 'right', render: (item) => figure(item.discrimination) },
  {
    key: 'options',
    header: 'Options chosen',
    render: (item) =>
      item.options.length === 0 ? (
        '-'
      ) : (
        <List size="sm" listStyleType="none" spacing={2}>
          {item.options.map((option) => (
            <List.Item key={option.optionId}>
              <Text span size="sm" fw={option.isCorrect ? 700 : 400}>
                {option.label}
                {option.isCorrect ? ' (correct)' : ''}
              </Text>{' '}
              {percent(option.share)} ({option.count}) {option.text}
            </List.Item>
          ))}
        </List>
      ),
  },
  { key: 'flags', header: 'Flags', render: (item) => <FlagBadges item={item} /> },
];

function Summary({ report }: { report: ExamQualityReport }) {
  const { summary, test } = report;
  const figures: [string, string, string][] = [
    ['Candidates', String(report.candidates), 'Marked sittings submitted in the period'],
    ['Mean score', summary.meanScore === null ? '-' : `${figure(summary.meanScore)} of ${test.totalMarks} (${figure(summary.meanPercent, 1)}%)`, `Lowest ${figure(summary.lowestPercent, 1)}%, highest ${figure(summary.highestPercent, 1)}%`],
    ['Standard deviation', figure(summary.standardDeviation), 'Of the total marks (divided by N)'],
    ['Pass rate', percent(summary.passRate), test.passPercentage === null ? "By the sittings' recorded results" : `${summary.passed} at or above the pass mark of ${test.passPercentage}%`],
    [`Reliability (${summary.reliabilityMethod})`, figure(summary.reliability, 3), summary.reliabilityMethod === 'KR-20' ? 'Every question scored right or wrong' : 'Some questions earn part marks'],
    ['Standard error of measurement', figure(summary.standardErrorOfMeasurement), 'Marks: SD × √(1 − reliability)'],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="dl" m={0} data-testid="quality-summary">
      {figures.map(([label, value, note]) => (
        <Paper key={label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700} data-testid={`figure-${label}`}>
            {value}
          </Text>
          <Text component="dd" m={0} size="xs" c="dimmed">
            {note}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Report({ report, query }: { report: ExamQualityReport; query: ExamQualityQuery }) {
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const flagged = report.items.filter((item) => item.flags.length > 0).length;
  const download = async (kind: 'csv' | 'pdf') => {
    setDownloading(kind);
    try {
      await downloadFile(qualityFilePath(kind, report.test.id, query), `exam-quality-T${report.test.testNumber}.${kind}`);
    } catch (error) {
      notifications.show({ color: 'red', title: `The ${kind.toUpperCase()} could not be downloaded`, message: errorMessageOf(error) });
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3">
            T-{report.test.testNumber} {report.test.title}
          </Title>
          <Text size="sm" c="dimmed">
            {[report.test.programCode && `${report.test.programCode} ${report.test.programTitle ?? ''}`, report.test.moduleCode && `${report.test.moduleCode} ${report.test.moduleTitle ?? ''}`].filter(Boolean).join(' · ')}
            {' · '}Sittings submitted {report.period.from ? `from ${formatDay(report.period.from)}` : 'from the first'} {report.period.to ? `to ${formatDay(report.period.to)}` : 'to today'} ({report.period.timeZone})
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={() => void download('csv')} loading={downloading === 'csv'}>
            Download CSV
          </Button>
          <Button variant="default" onClick={() => void download('pdf')} loading={downloading === 'pdf'}>
            Download PDF
          </Button>
        </Group>
      </Group>
      {report.candidates === 0 ? (
        <Alert color="gray" title="No marked sittings in this period" styles={READABLE_TITLE}>
          Choose a longer period, or wait until sittings of this test are marked.
        </Alert>
      ) : (
        report.isSmallSample && (
          <Alert color="yellow" title="Few candidates" styles={READABLE_TITLE}>
            {report.candidates} candidates: fewer than {QUALITY_THRESHOLDS.candidatesForConfidence}, so these figures can change a lot with the next sittings.
          </Alert>
        )
      )}
      <Summary report={report} />
      <Paper withBorder radius="md" p="lg">
        <ChartWithTable title="Score distribution" valueLabel="Candidates" rows={report.distribution.map((bin) => ({ label: `${bin.fromPercent}–${bin.toPercent}%`, count: bin.count }))} testId="quality-distribution" />
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="quality-items-heading">
        <Stack gap="sm">
          <Title order={3} size="h4" id="quality-items-heading">
            Questions
          </Title>
          <Text size="sm" c="dimmed" data-testid="quality-flag-count">
            {flagged === 0 ? 'No question is flagged.' : `${flagged} ${flagged === 1 ? 'question is' : 'questions are'} flagged.`} Facility: the mean share of the question's marks earned. Discrimination: {report.discriminationMethod}. Flags: negative
            discrimination; facility above {QUALITY_THRESHOLDS.facilityHigh} or below {QUALITY_THRESHOLDS.facilityLow}; a wrong option nobody chose.
          </Text>
          <DataTable label="Question statistics" columns={ITEM_COLUMNS} rows={report.items} rowKey={(item) => item.questionId} minWidth={960} testId="quality-items" striped />
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The exam quality page (issue 43): choose a module test and a period of submission; see the
 * summary figures, the score distribution and every question with its flags; download the CSV or
 * the PDF for the auditor. The choice lives in the address (`testId`, `from`, `to`), so a flag's
 * link opens its test.
 */
export function ExamQualityScreen({ selection, onChange }: { selection: QualitySelection; onChange: (next: QualitySelection) => void }) {
  const tests = useQualityTests();
  const query: ExamQualityQuery = {
    from: DAY.test(selection.from) ? selection.from : undefined,
    to: DAY.test(selection.to) ? selection.to : undefined,
  };
  const isPeriodBackwards = !!query.from && !!query.to && query.from > query.to;
  const report = useQualityReport(selection.testId && !isPeriodBackwards ? selection.testId : null, query);
  const set = (field: keyof QualitySelection) => (value: string) => onChange({ ...selection, [field]: value });

  if (tests.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the tests" />
      </Center>
    );
  }
  if (tests.error) return <Alert color="red">{errorMessageOf(tests.error)}</Alert>;
  const list = tests.data ?? [];
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Test"
            value={selection.testId}
            onChange={(event) => set('testId')(event.currentTarget.value)}
            data={[{ value: '', label: list.length ? 'Choose a module test' : 'No module tests of your programs' }, ...list.map((test) => ({ value: test.id, label: testLabel(test) }))]}
            w={{ base: '100%', md: 520 }}
          />
          <DateField label="Submitted from" description="Day in the account's time zone" value={selection.from} max={selection.to || undefined} onChange={set('from')} w={180} />
          <DateField
            label="Submitted to"
            description="Day in the account's time zone"
            value={selection.to}
            min={selection.from || undefined}
            onChange={set('to')}
            w={180}
            error={isPeriodBackwards ? 'To must not be before From' : undefined}
          />
          {report.isFetching && <Loader size="sm" aria-label="Loading the report" />}
        </Group>
      </Paper>
      {!selection.testId ? (
        <Text c="dimmed">Choose a test to see its reliability, its score distribution and how each question performed.</Text>
      ) : report.error ? (
        <Alert color="red">{errorMessageOf(report.error)}</Alert>
      ) : report.data ? (
        <Report report={report.data} query={query} />
      ) : null}
    </Stack>
  );
}
