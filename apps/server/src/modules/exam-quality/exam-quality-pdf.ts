import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ExamQualityReport } from '@certs/shared/exam-quality/exam-quality.contract';
import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import { ITEM_FLAG_LABELS, QUALITY_THRESHOLDS } from '@certs/shared/exam-quality/statistics';
import { drawableText } from '../certificate/certificate-pdf';
import { summaryRowsOf } from './exam-quality-csv';

/** A4 landscape: the question table needs the width. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;
const RIGHT = PAGE.width - MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.78, 0.78, 0.8);
const BAR = rgb(0.26, 0.32, 0.71);
const FLAG = rgb(0.62, 0.1, 0.1);

/** The question table's columns: left edge and width. */
const COLUMNS = [
  { header: 'Question', x: MARGIN, width: 50 },
  { header: 'Section', x: MARGIN + 52, width: 110 },
  { header: 'Type', x: MARGIN + 166, width: 78 },
  { header: 'Marks', x: MARGIN + 246, width: 34 },
  { header: 'Facility', x: MARGIN + 282, width: 44 },
  { header: 'Discrim.', x: MARGIN + 328, width: 46 },
  { header: 'Options chosen (share, count; * correct)', x: MARGIN + 378, width: 250 },
  { header: 'Flags', x: MARGIN + 632, width: RIGHT - (MARGIN + 632) },
] as const;

/** Splits a text into lines no wider than the width, at spaces (a word longer than the line is cut). */
function wrapped(font: PDFFont, raw: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawableText(font, raw).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((text) => {
    let cut = text;
    while (cut.length > 1 && font.widthOfTextAtSize(cut, size) > width) cut = cut.slice(0, -1);
    return cut;
  });
}

class Writer {
  page: PDFPage;
  y = 0;
  pageCount = 0;

  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    this.pageCount += 1;
    const page = this.pdf.addPage([PAGE.width, PAGE.height]);
    page.drawText(drawableText(this.regular, `${this.footer} - page ${this.pageCount}`), { x: MARGIN, y: MARGIN / 2, size: 8, font: this.regular, color: MUTED });
    this.page = page;
    this.y = PAGE.height - MARGIN;
    return page;
  }

  /** A new page when less than `points` are left above the footer. */
  ensure(points: number): boolean {
    if (this.y - points >= MARGIN) return false;
    this.newPage();
    return true;
  }

  text(text: string, x: number, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {}): void {
    const font = options.font ?? this.regular;
    this.page.drawText(drawableText(font, text), { x, y: this.y, size: options.size ?? 9, font, color: options.color ?? INK });
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: RIGHT, y: this.y }, thickness: 0.6, color: RULE });
  }

  down(points: number): void {
    this.y -= points;
  }
}

const shown = (value: number | null, digits: number) => (value === null ? '-' : value.toFixed(digits));

/**
 * The exam quality report for the auditor as a PDF: the test and period, the summary figures with
 * the method of each, the score distribution as bars, and every question with its facility,
 * discrimination, option choices and flags.
 */
export async function examQualityPdf(report: ExamQualityReport): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Exam quality report: ${report.test.title}`);
  pdf.setSubject('Reliability and item statistics (ISO/IEC 17024 9.3)');
  const generated = new Date(report.generatedOn);
  pdf.setCreationDate(generated);
  pdf.setModificationDate(generated);
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold), `Exam quality report, T-${report.test.testNumber}, generated ${formatDateTimeWithZone(report.generatedOn, report.period.timeZone)}`);

  w.text('Exam quality report', MARGIN, { size: 20, font: w.bold });
  w.down(22);
  for (const line of wrapped(w.bold, `T-${report.test.testNumber} ${report.test.title}`, 12, RIGHT - MARGIN)) {
    w.text(line, MARGIN, { size: 12, font: w.bold });
    w.down(16);
  }
  if (report.isSmallSample) {
    w.text(`Caution: ${report.candidates} candidates, fewer than ${QUALITY_THRESHOLDS.candidatesForConfidence}; the statistics are unstable at this size.`, MARGIN, { color: FLAG });
    w.down(14);
  }
  w.down(4);

  // The summary in two columns of measure and value; the distribution to its right.
  const summary = summaryRowsOf(report).filter(([measure]) => !measure.startsWith('Candidates scoring') && measure !== 'Test' && measure !== 'Discrimination');
  const top = w.y;
  summary.forEach(([measure, value], index) => {
    w.y = top - index * 13;
    w.text(measure, MARGIN, { color: MUTED });
    w.text(wrapped(w.bold, String(value), 9, 200)[0] ?? '', MARGIN + 215, { font: w.bold });
  });
  const chartX = MARGIN + 430;
  w.y = top;
  w.text('Score distribution (candidates per band of the score)', chartX, { font: w.bold });
  const largest = Math.max(1, ...report.distribution.map((bin) => bin.count));
  report.distribution.forEach((bin, index) => {
    w.y = top - 16 - index * 14;
    w.text(`${bin.fromPercent}-${bin.toPercent}%`, chartX, { color: MUTED });
    const width = (bin.count / largest) * 220;
    if (width > 0) w.page.drawRectangle({ x: chartX + 60, y: w.y - 1, width, height: 9, color: BAR });
    w.text(String(bin.count), chartX + 66 + width, {});
  });
  w.y = Math.min(top - summary.length * 13, top - 16 - report.distribution.length * 14) - 10;
  for (const line of wrapped(w.regular, `Reliability: KR-20 when every question is scored right or wrong, Cronbach's alpha otherwise; variances divide by N. SEM = SD x sqrt(1 - reliability). Facility: the mean share of a question's marks earned. Discrimination: ${report.discriminationMethod}. Flags: negative discrimination; facility above ${QUALITY_THRESHOLDS.facilityHigh} (nearly everyone right) or below ${QUALITY_THRESHOLDS.facilityLow} (nearly everyone wrong); a wrong option nobody chose.`, 8, RIGHT - MARGIN)) {
    w.text(line, MARGIN, { size: 8, color: MUTED });
    w.down(11);
  }
  w.down(10);

  // The questions.
  const header = () => {
    for (const column of COLUMNS) w.text(column.header, column.x, { size: 8, font: w.bold, color: MUTED });
    w.down(5);
    w.rule();
    w.down(12);
  };
  w.ensure(60);
  w.text('Questions', MARGIN, { size: 12, font: w.bold });
  w.down(16);
  header();
  for (const item of report.items) {
    const cells = [
      [item.questionLabel],
      wrapped(w.regular, item.sectionTitle, 8, COLUMNS[1].width),
      wrapped(w.regular, item.questionType, 8, COLUMNS[2].width),
      [String(item.maxMarks)],
      [shown(item.facility, 2)],
      [shown(item.discrimination, 2)],
      item.options.length === 0
        ? ['-']
        : item.options.flatMap((option) => wrapped(w.regular, `${option.label}${option.isCorrect ? '*' : ''} ${(option.share * 100).toFixed(1)}% (${option.count}) ${option.text}`, 8, COLUMNS[6].width)),
      item.flags.length === 0 ? ['-'] : item.flags.flatMap((flag) => wrapped(w.bold, ITEM_FLAG_LABELS[flag], 8, COLUMNS[7].width)),
    ];
    const height = Math.max(...cells.map((lines) => lines.length)) * 10 + 6;
    if (w.ensure(height)) header();
    const rowTop = w.y;
    cells.forEach((lines, index) => {
      const column = COLUMNS[index]!;
      const isFlags = index === 7 && item.flags.length > 0;
      lines.forEach((line, at) => {
        w.y = rowTop - at * 10;
        w.text(line, column.x, { size: 8, font: isFlags || index === 0 ? w.bold : w.regular, color: isFlags ? FLAG : INK });
      });
    });
    w.y = rowTop - height + 8;
    w.rule();
    w.down(12);
  }
  return pdf.save();
}
