import { Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { reviewFileName, type ManagementReviewReport, type ReviewCaseRow, type ReviewCaseSummary, type ReviewExamRow, type ReviewOverrideRow, type ReviewProgramRow } from '@certs/shared/management-review/management-review.contract';
import { formatDay } from '@certs/shared/common/dates';
import { errorMessageOf } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { reviewFilePath, useManagementReview, useReviewPrograms } from '../api/management-review';
import { FigureTable, ReviewSection, RowsTable, dash, type ReviewColumn } from './review-tables';

/** The years offered: this one and the nine before it. */
function yearsUpTo(current: number): number[] {
  return Array.from({ length: 10 }, (_, index) => current - index);
}

const programColumns: ReviewColumn<ReviewProgramRow>[] = [
  { header: 'Program', cell: (row) => `${row.programCode} ${row.programTitle}` },
  { header: 'Started', cell: (row) => row.started, isNumeric: true },
  { header: 'Submitted', cell: (row) => row.submitted, isNumeric: true },
  { header: 'Awards', cell: (row) => row.awarded, isNumeric: true },
  { header: 'Suspended', cell: (row) => row.suspended, isNumeric: true },
  { header: 'Withdrawn', cell: (row) => row.withdrawn, isNumeric: true },
  { header: 'Cancelled', cell: (row) => row.cancelled, isNumeric: true },
  { header: 'Appeals', cell: (row) => row.appeals, isNumeric: true },
  { header: 'Complaints', cell: (row) => row.complaints, isNumeric: true },
  { header: 'Exam sittings', cell: (row) => row.sittings, isNumeric: true },
];

const caseColumns = (subject: string): ReviewColumn<ReviewCaseRow>[] => [
  { header: 'Reference', cell: (row) => row.reference },
  { header: 'Program', cell: (row) => dash(row.programCode) },
  { header: subject, cell: (row) => row.subject },
  { header: 'Received', cell: (row) => formatDay(row.receivedOn) },
  { header: 'Acknowledged', cell: (row) => formatDay(row.acknowledgedOn) },
  { header: 'Decided', cell: (row) => formatDay(row.decidedOn) },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Outcome', cell: (row) => dash(row.outcome) },
  { header: 'Handler', cell: (row) => dash(row.handlerName) },
  { header: 'Days to decide', cell: (row) => dash(row.daysToDecide), isNumeric: true },
  { header: 'On time', cell: (row) => (row.isOnTime ? 'Yes' : 'No') },
];

const overrideColumns: ReviewColumn<ReviewOverrideRow>[] = [
  { header: 'Date', cell: (row) => formatDay(row.on) },
  { header: 'Program', cell: (row) => dash(row.programCode) },
  { header: 'Staff member', cell: (row) => row.staffName },
  { header: 'Role', cell: (row) => row.role },
  { header: 'Refused because', cell: (row) => row.reasons.join('; ') },
  { header: 'Overridden by', cell: (row) => dash(row.byName) },
  { header: 'Reason', cell: (row) => row.overrideReason },
];

const examColumns: ReviewColumn<ReviewExamRow>[] = [
  { header: 'Program', cell: (row) => row.programCode },
  { header: 'Module', cell: (row) => `${row.moduleCode} ${row.moduleTitle}` },
  { header: 'Test', cell: (row) => row.testTitle },
  { header: 'Sittings', cell: (row) => row.sittings, isNumeric: true },
  { header: 'Passed', cell: (row) => row.passed, isNumeric: true },
  { header: 'Pass rate %', cell: (row) => dash(row.passRate), isNumeric: true },
  { header: 'Mean score %', cell: (row) => dash(row.meanScore), isNumeric: true },
];

function CaseSection({ id, title, cases, subject, description }: { id: string; title: string; cases: ReviewCaseSummary; subject: string; description: string }) {
  return (
    <ReviewSection id={id} title={title} description={description}>
      <FigureTable
        caption={`${title} in figures`}
        rows={[
          ['Received in the year', cases.received],
          ['Acknowledged by the target date', cases.acknowledgedOnTime],
          ['Mean days to acknowledge', cases.meanDaysToAcknowledge],
          ['Decided in the year', cases.decided],
          ['Decided by the target date', cases.decidedOnTime],
          ['Mean days to decide', cases.meanDaysToDecide],
          ...cases.byOutcome.map((outcome): [string, number] => [`Outcome: ${outcome.label}`, outcome.count]),
          ['Withdrawn', cases.withdrawn],
          ['Open today', cases.open],
          ['Overdue today', cases.overdue],
        ]}
      />
      <RowsTable caption={`${title} received or decided in the year`} columns={caseColumns(subject)} rows={cases.rows} rowKey={(row) => row.reference} empty={`No ${title.toLowerCase()} in this year.`} />
    </ReviewSection>
  );
}

function ReviewSections({ report }: { report: ManagementReviewReport }) {
  const impartiality = report.impartiality;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" data-testid="review-scope">
        {report.accountName}, {formatDay(report.from)} to {formatDay(report.to)} ({report.timeZone}):{' '}
        {report.isAllPrograms ? 'every program of the account' : report.programs.map((program) => `${program.programCode} ${program.programTitle}`).join('; ')}.
      </Text>
      <ReviewSection id="applications" title="Applications" description="Started and submitted in the year; the status today of those started in it.">
        <FigureTable
          caption="Applications in figures"
          rows={[
            ['Started in the year', report.applications.started],
            ['Submitted in the year', report.applications.submitted],
            ...report.applications.byStatus.map((status): [string, number] => [`Status today: ${status.label}`, status.count]),
          ]}
        />
      </ReviewSection>
      <ReviewSection id="awards" title="Awards, suspensions and withdrawals" description="Awards dated in the year, and the status changes recorded in it.">
        <FigureTable
          caption="Awards in figures"
          rows={[
            ['Awards made', report.awards.made],
            ...report.awards.byType.map((type): [string, number] => [`Made: ${type.label}`, type.count]),
            ['Suspended (Awarded OnHold)', report.awards.suspended],
            ['Released from hold', report.awards.released],
            ['Withdrawn', report.awards.withdrawn],
            ['Cancelled', report.awards.cancelled],
            ['Expired', report.awards.expired],
          ]}
        />
      </ReviewSection>
      <ReviewSection id="programs" title="By program">
        <RowsTable caption="The year by program" columns={programColumns} rows={report.byProgram} rowKey={(row) => row.programId} empty="No program." />
      </ReviewSection>
      <CaseSection id="appeals" title="Appeals" subject="Appealed" cases={report.appeals} description="Received in the year; decisions made in it, with their outcomes and times; open and overdue as they stand today." />
      <CaseSection
        id="complaints"
        title="Complaints"
        subject="About"
        cases={report.complaints}
        description={report.isAllPrograms ? 'About the programs, and about the body itself.' : 'About the programs chosen.'}
      />
      <ReviewSection id="impartiality" title="Impartiality" description="Conflicts staff declared, assignments the platform refused and the overrides managers made, and the year's agreement.">
        <FigureTable
          caption="Impartiality in figures"
          rows={[
            ['Conflicts declared', impartiality.conflictsDeclared],
            ...impartiality.conflictsByKind.map((kind): [string, number] => [`Declared: ${kind.label}`, kind.count]),
            ['Conflicts ended', impartiality.conflictsEnded],
            ['Assignments refused', impartiality.refusals],
            ['Refusals overridden by a manager', impartiality.overrides],
            ...impartiality.byRole.flatMap((role): [string, number][] => [
              [`${role.role}: refused`, role.refused],
              [`${role.role}: overridden`, role.overridden],
            ]),
            ['Staff', impartiality.staffServing],
            [`Signed the ${report.year} agreement`, impartiality.agreementsSigned],
          ]}
        />
        {impartiality.staffWithoutAgreement.length > 0 ? <Text size="sm">Not signed: {impartiality.staffWithoutAgreement.join('; ')}</Text> : null}
        <RowsTable caption="Overrides" columns={overrideColumns} rows={impartiality.overrideRows} rowKey={(row) => `${row.on}-${row.staffName}-${row.role}-${row.overrideReason}`} empty="No override in this year." />
      </ReviewSection>
      <ReviewSection id="exams" title="Exam statistics" description="Module sittings (re-sits included) marked in the year. The exam quality report gives each test's reliability and questions.">
        <FigureTable
          caption="Exams in figures"
          rows={[
            ['Sittings marked', report.exams.sittings],
            ['Pass rate %', report.exams.passRate],
          ]}
        />
        <RowsTable caption="Module tests" columns={examColumns} rows={report.exams.rows} rowKey={(row) => `${row.programCode}-${row.moduleCode}-${row.testTitle}`} empty="No sitting marked in this year." />
      </ReviewSection>
    </Stack>
  );
}

/**
 * The yearly management review: choose the year and a program (or all), read the sections, and
 * download the same review as CSV or PDF.
 */
export function ManagementReviewView({ currentYear }: { currentYear: number }) {
  const programs = useReviewPrograms();
  const [year, setYear] = useState(currentYear);
  const [programId, setProgramId] = useState('');
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const query = { year, programId: programId || undefined };
  const mayReview = !!programs.data && (programs.data.isAccountWide || programs.data.programs.length > 0);
  const report = useManagementReview(query, mayReview);

  if (programs.isPending) return <Loader aria-label="Loading your programs" />;
  if (programs.error) return <Alert color="red">{errorMessageOf(programs.error)}</Alert>;
  if (!mayReview)
    return (
      <Paper withBorder radius="md" p="xl">
        <Text>The management review is for account administrators and program managers.</Text>
      </Paper>
    );

  const programCode = programs.data.programs.find((program) => program.id === programId)?.programCode ?? null;
  const download = async (kind: 'csv' | 'pdf') => {
    setDownloading(kind);
    setDownloadError(null);
    try {
      await downloadFile(reviewFilePath(kind, query), reviewFileName(year, programCode, kind));
    } catch (caught) {
      setDownloadError(errorMessageOf(caught));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="lg">
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect label="Year" value={String(year)} onChange={(event) => setYear(Number(event.currentTarget.value))} data={yearsUpTo(currentYear).map(String)} w={120} />
        <NativeSelect
          label="Program"
          value={programId}
          onChange={(event) => setProgramId(event.currentTarget.value)}
          data={[
            { value: '', label: programs.data.isAccountWide ? 'All programs of the account' : 'All my programs' },
            ...programs.data.programs.map((program) => ({ value: program.id, label: `${program.programCode} ${program.programTitle}` })),
          ]}
          w={320}
        />
        <Button variant="default" onClick={() => void download('csv')} loading={downloading === 'csv'} disabled={!report.data}>
          Download CSV
        </Button>
        <Button variant="default" onClick={() => void download('pdf')} loading={downloading === 'pdf'} disabled={!report.data}>
          Download PDF
        </Button>
        {report.isFetching ? <Loader size="sm" aria-label="Loading the review" /> : null}
      </Group>
      {downloadError ? (
        <Alert color="red" role="alert">
          {downloadError}
        </Alert>
      ) : null}
      {report.error ? <Alert color="red">{errorMessageOf(report.error)}</Alert> : report.data ? <ReviewSections report={report.data} /> : null}
    </Stack>
  );
}
