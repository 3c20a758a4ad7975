import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDateTimeWithZone, formatDay } from '@certs/shared/common/dates';
import type { ManagementReviewReport, ReviewCaseSummary } from '@certs/shared/management-review/management-review.contract';
import { drawableText } from '../certificate/certificate-pdf';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const INK = rgb(0.08, 0.1, 0.16);
const MUTED = rgb(0.35, 0.38, 0.45);
const RULE = rgb(0.75, 0.78, 0.83);
const BODY = 9;

const dash = (value: number | string | null | undefined) => (value === null || value === undefined || value === '' ? '-' : String(value));

/** Lines on A4 pages, top to bottom, a new page when the next line would not fit. */
class PageWriter {
  private page!: PDFPage;
  private y = 0;
  private pageNumber = 0;

  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.pageNumber += 1;
    this.y = A4.height - MARGIN;
    this.page.drawText(drawableText(this.regular, `${this.footer} - page ${this.pageNumber}`), { x: MARGIN, y: MARGIN / 2, size: 7, font: this.regular, color: MUTED });
  }

  /** Room for `height` points more, or a new page. */
  private room(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** The words of `text` in lines no wider than `width` at `size`. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of drawableText(font, text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
    return lines;
  }

  text(value: string, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; gap?: number } = {}): void {
    const size = options.size ?? BODY;
    const font = options.font ?? this.regular;
    for (const line of this.wrap(value, font, size, A4.width - MARGIN * 2)) {
      this.room(size + 3);
      this.y -= size + 3;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }

  heading(value: string): void {
    this.room(40);
    this.y -= 10;
    this.text(value, { size: 13, font: this.bold });
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 3 }, end: { x: A4.width - MARGIN, y: this.y - 3 }, thickness: 0.6, color: RULE });
    this.y -= 8;
  }

  subheading(value: string): void {
    this.room(28);
    this.y -= 4;
    this.text(value, { size: 10, font: this.bold, gap: 2 });
  }

  /** A table row: each cell wrapped within its column; the row is as tall as its tallest cell. */
  row(cells: readonly string[], widths: readonly number[], options: { bold?: boolean; numeric?: readonly boolean[] } = {}): void {
    const font = options.bold ? this.bold : this.regular;
    const wrapped = cells.map((cell, index) => this.wrap(cell, font, BODY, widths[index]! - 6));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * (BODY + 2) + 3;
    this.room(height);
    let x = MARGIN;
    wrapped.forEach((lines, index) => {
      const width = widths[index]!;
      lines.forEach((line, lineIndex) => {
        const lineWidth = font.widthOfTextAtSize(line, BODY);
        const left = options.numeric?.[index] ? x + width - 6 - lineWidth : x;
        this.page.drawText(line, { x: left, y: this.y - (lineIndex + 1) * (BODY + 2), size: BODY, font, color: INK });
      });
      x += width;
    });
    this.y -= height;
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 1 }, end: { x: MARGIN + widths.reduce((a, b) => a + b, 0), y: this.y + 1 }, thickness: 0.3, color: RULE });
  }

  /** Two columns: what is counted, and its figure. */
  figures(rows: readonly [string, number | string | null][]): void {
    for (const [label, value] of rows) this.row([label, dash(value)], [300, 90], { numeric: [false, true] });
  }
}

function caseSection(w: PageWriter, title: string, cases: ReviewCaseSummary, subjectHeader: string): void {
  w.heading(title);
  w.figures([
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
  ]);
  if (cases.rows.length === 0) return;
  w.subheading(`${title} received or decided in the year`);
  const widths = [78, 58, 92, 58, 58, 70, 101];
  w.row(['Reference', 'Program', subjectHeader, 'Received', 'Decided', 'Outcome', 'Handler, days, on time'], widths, { bold: true });
  for (const row of cases.rows) {
    w.row(
      [row.reference, dash(row.programCode), row.subject, formatDay(row.receivedOn), formatDay(row.decidedOn), row.outcome ?? row.status, `${dash(row.handlerName)}; ${dash(row.daysToDecide)} days; ${row.isOnTime ? 'on time' : 'late'}`],
      widths,
    );
  }
}

/** The review as a PDF for the auditor and the minutes: the screen's sections, in the same order. */
export async function renderManagementReviewPdf(report: ManagementReviewReport): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = `Management review ${report.year}`;
  pdf.setTitle(`${title} - ${report.accountName}`);
  pdf.setAuthor(report.accountName);
  pdf.setCreator(report.accountName);
  const w = new PageWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold), `${report.accountName}: ${title}`);

  w.text(report.accountName, { size: 11, font: w.bold });
  w.text(title, { size: 18, font: w.bold, gap: 4 });
  w.text(`Period: ${formatDay(report.from)} to ${formatDay(report.to)} (${report.timeZone}). Generated ${formatDateTimeWithZone(report.generatedOn, report.timeZone)}.`, { color: MUTED });
  w.text(`Programs: ${report.isAllPrograms ? 'every program of the account' : 'as listed'}: ${report.programs.map((program) => `${program.programCode} ${program.programTitle}`).join('; ') || '-'}`, {
    color: MUTED,
    gap: 4,
  });

  w.heading('Applications');
  w.figures([
    ['Started in the year', report.applications.started],
    ['Submitted in the year', report.applications.submitted],
    ...report.applications.byStatus.map((status): [string, number] => [`Started in the year, status today: ${status.label}`, status.count]),
  ]);

  w.heading('Awards, suspensions and withdrawals');
  w.figures([
    ['Awards made', report.awards.made],
    ...report.awards.byType.map((type): [string, number] => [`Made: ${type.label}`, type.count]),
    ['Suspended (Awarded OnHold)', report.awards.suspended],
    ['Released from hold', report.awards.released],
    ['Withdrawn', report.awards.withdrawn],
    ['Cancelled', report.awards.cancelled],
    ['Expired', report.awards.expired],
  ]);

  w.heading('By program');
  const programWidths = [95, 45, 45, 45, 50, 50, 50, 45, 45, 45];
  const numeric = [false, true, true, true, true, true, true, true, true, true];
  w.row(['Program', 'Started', 'Submitted', 'Awards', 'Suspended', 'Withdrawn', 'Cancelled', 'Appeals', 'Compl.', 'Sittings'], programWidths, { bold: true, numeric });
  for (const line of report.byProgram) {
    w.row(
      [line.programCode, line.started, line.submitted, line.awarded, line.suspended, line.withdrawn, line.cancelled, line.appeals, line.complaints, line.sittings].map(String),
      programWidths,
      { numeric },
    );
  }

  caseSection(w, 'Appeals', report.appeals, 'Appealed');
  caseSection(w, 'Complaints', report.complaints, 'About');

  const impartiality = report.impartiality;
  w.heading('Impartiality');
  w.figures([
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
    [`Signed the ${report.year} impartiality and confidentiality agreement`, impartiality.agreementsSigned],
  ]);
  if (impartiality.staffWithoutAgreement.length > 0) w.text(`Not signed: ${impartiality.staffWithoutAgreement.join('; ')}`, { gap: 2 });
  if (impartiality.overrideRows.length > 0) {
    w.subheading('Overrides');
    const widths = [58, 62, 80, 70, 120, 125];
    w.row(['Date', 'Program', 'Staff member', 'Role', 'Refused because', 'Overridden by, why'], widths, { bold: true });
    for (const row of impartiality.overrideRows) w.row([formatDay(row.on), dash(row.programCode), row.staffName, row.role, row.reasons.join('; '), `${dash(row.byName)}: ${row.overrideReason}`], widths);
  }

  w.heading('Exam statistics');
  w.figures([
    ['Module sittings marked in the year', report.exams.sittings],
    ['Pass rate %', report.exams.passRate],
  ]);
  if (report.exams.rows.length > 0) {
    const widths = [80, 150, 60, 60, 60, 105];
    const examNumeric = [false, false, true, true, true, true];
    w.row(['Program', 'Module and test', 'Sittings', 'Passed', 'Pass rate %', 'Mean score %'], widths, { bold: true, numeric: examNumeric });
    for (const row of report.exams.rows) {
      w.row([row.programCode, `${row.moduleCode} ${row.testTitle}`, String(row.sittings), String(row.passed), dash(row.passRate), dash(row.meanScore)], widths, { numeric: examNumeric });
    }
  }
  return pdf.save();
}
