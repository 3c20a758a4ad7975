import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCertificateDate } from '@certs/shared/certificate/certificate-template.contract';
import type { RangeResult } from '@certs/shared/wpq/wpq-range';
import { TEST_METHODS } from '@certs/shared/wpq/wpq-reference';
import { WPQ_VALIDITY_OPTIONS } from '@certs/shared/wpq/wpq-record.contract';
import type { WpqValidity } from '@certs/shared/wpq/wpq-validity.contract';
import { diameterRangeText } from '@certs/shared/wpq/wpq-range-text';
import { thicknessText } from '@certs/shared/wpq/wpq-range';
import { drawQrCode, drawStamp, drawableText, wrapToWidth } from '../certificate/certificate-pdf';

/** What the welder qualification certificate prints (ISO 9606-1 Annex A), gathered by the service. */
export interface WpqCertificateContent {
  awardingBodyName: string;
  certificateNumber: string;
  standard: string;
  verifyUrl: string;
  stamp?: string;
  welderName: string;
  /** The welder's profile photograph (JPEG or PNG); without one the box says so. */
  photograph: { bytes: Uint8Array; contentType: 'image/jpeg' | 'image/png' } | null;
  identification: string;
  methodOfIdentification: string;
  dateOfBirth: string | null;
  placeOfBirth: string;
  employer: string;
  wpsReference: string;
  /** The record's acceptance criteria for the tests (e.g. ISO 5817 level B); empty when not recorded. */
  acceptanceCriteria: string;
  examinerName: string;
  examinerReference: string;
  jobKnowledge: string;
  placeOfTesting: string;
  testDate: string | null;
  issueDate: string | null;
  validityOption: string | null;
  /** Each essential variable with the test value and the range of qualification. */
  variables: { label: string; tested: string; range: string }[];
  designations: string[];
  tests: { method: string; result: string; note: string }[];
  numOfConfirmation: number;
  validity: WpqValidity | null;
  /** Who approved each revalidation on the platform (by revalidation id), printed in its signature cell. */
  revalidationApprovers: Record<string, string>;
}

const INK = rgb(0.08, 0.1, 0.16);
const RULE = rgb(0.55, 0.6, 0.68);
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const RIGHT = A4.width - MARGIN;
/** Baseline to baseline within a wrapped value or a table row (7.5 pt text). */
const LEADING = 9;
/** A row left for a signature on paper is tall enough to sign in. */
const SIGNING_ROW = 18;

const none = (values: readonly (string | number)[]) => (values.length ? values.join(', ') : '-');
const mm = (value: number | null | undefined) => (value === null || value === undefined ? '-' : `${value} mm`);
/** A calendar day as the certificate prints it; "-" when there is none. */
const dayText = (day: string | null) => (day ? formatCertificateDate(day) : '-');

/** The variables of the standard's form: the test piece's value beside what it qualifies. */
export function certificateVariables(record: Record<string, unknown>, range: RangeResult | null): WpqCertificateContent['variables'] {
  const text = (key: string) => (record[key] === null || record[key] === undefined || record[key] === '' ? '-' : String(record[key]));
  const thickness = range ? thicknessText(range.thickness) : '-';
  // The engine's diameters with their conditions (a plate test: fixed pipe from D 500 mm, rotating pipe from D 75 mm in some positions).
  const diameter = range ? diameterRangeText(range.diameter) || '-' : '-';
  const specifications = [...new Set([record.parentMaterial1Specification, record.parentMaterial2Specification].filter((value): value is string => typeof value === 'string' && value.trim() !== ''))];
  return [
    { label: 'Welding process', tested: text('weldingProcess'), range: range ? none(range.processes) : '-' },
    { label: 'Transfer mode', tested: text('transferMode'), range: range ? none(range.transferModes) : '-' },
    { label: 'Product type (plate or pipe)', tested: text('productType'), range: range ? none(range.productTypes) : '-' },
    { label: 'Type of weld', tested: text('jointType'), range: range ? none(range.weldTypes) + (range.branchConnections ? ' (and branch connections)' : '') : '-' },
    { label: 'Parent material group', tested: [text('parentMaterial1Group'), text('parentMaterial1Subgroup')].join(' / '), range: range ? none(range.parentGroups) : '-' },
    { label: 'Parent material specification', tested: specifications.join(' + ') || '-', range: '-' },
    { label: 'Filler material group', tested: text('fillerMaterialGroup'), range: range ? none(range.fillerGroups) : '-' },
    { label: 'Filler material type', tested: text('fillerMaterialType'), range: range ? none(range.fillerTypes) : '-' },
    { label: 'Filler material trade name', tested: text('fillerMaterialTradeName'), range: '-' },
    { label: 'Shielding gas (recorded)', tested: text('shieldingGas'), range: '-' },
    { label: 'Auxiliaries (recorded)', tested: text('auxiliaries'), range: '-' },
    { label: 'Type of current and polarity (recorded)', tested: text('typeOfCurrentAndPolarity'), range: '-' },
    { label: 'Material thickness t', tested: mm(record.testPieceThickness as number | null), range: thickness },
    { label: 'Deposited thickness s', tested: mm(record.depositThickness as number | null), range: thickness },
    { label: 'Outside pipe diameter D', tested: mm(record.pipeOD as number | null), range: diameter },
    { label: 'Welding position', tested: text('weldingPosition'), range: range ? none(range.positions) : '-' },
    { label: 'Weld details', tested: text('backingAndConsumableInsert'), range: range ? none(range.weldDetails) : '-' },
    { label: 'Multi-layer / single layer', tested: text('layerTechnique'), range: range ? none(range.layerTechniques) : '-' },
  ];
}

export function testMethodLabel(value: string): string {
  return TEST_METHODS.find((m) => m.value === value)?.label ?? value;
}

export function validityOptionLabel(value: string | null): string {
  return WPQ_VALIDITY_OPTIONS.find((o) => o.value === value)?.label ?? '-';
}

/**
 * Writes down the page: long values wrap inside their column (never cut short), and what does not
 * fit on the page goes on to another, headed with the certificate number.
 */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  /** The header row of the table being written, drawn again at the top of a new page. */
  private header: { cells: string[]; columns: number[]; ruled: boolean } | null = null;

  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly continuedTitle: string,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
    if (this.pages.length > 1) {
      this.text(`${this.continuedTitle} (continued)`, MARGIN, 9, this.bold);
      this.y -= 6;
    }
  }

  /** Room for `height` points below the current line's top, else a new page (answers whether it took one). */
  ensure(height: number): boolean {
    if (this.y + 8 - height >= MARGIN) return false;
    this.newPage();
    return true;
  }

  text(value: string, x: number, size = 7.5, font: PDFFont = this.regular): void {
    this.page.drawText(drawableText(font, value), { x, y: this.y, size, font, color: INK });
  }

  heading(value: string): void {
    // A heading never ends a page: it keeps room for its table's first rows.
    this.ensure(24 + 3 * LEADING);
    this.header = null;
    this.y -= 13;
    this.text(value, MARGIN, 9.5, this.bold);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 3 }, end: { x: RIGHT, y: this.y - 3 }, thickness: 0.6, color: RULE });
    this.y -= 11;
  }

  /** A label and its value wrapped within the column, from the current line; answers the height used. */
  pair(label: string, value: string, x: number, labelWidth: number, width: number): number {
    this.text(label, x, 7.5, this.bold);
    const lines = wrapToWidth(this.regular, value || '-', 7.5, width - labelWidth - 4);
    const top = this.y;
    lines.forEach((line, index) => {
      this.y = top - index * LEADING;
      this.text(line, x + labelWidth);
    });
    this.y = top;
    return lines.length * LEADING;
  }

  /** Pairs side by side (each `[label, value, x, labelWidth, width]`), then the next line below the tallest. */
  pairs(...columns: [string, string, number, number, number][]): void {
    const lines = Math.max(...columns.map(([, value, , labelWidth, width]) => wrapToWidth(this.regular, value || '-', 7.5, width - labelWidth - 4).length));
    this.ensure(lines * LEADING + 1);
    const used = Math.max(...columns.map((column) => this.pair(...column)));
    this.y -= used + 1;
  }

  /** A table's header row, repeated when the table goes on to another page. */
  tableHeader(cells: string[], columns: number[], ruled = false): void {
    this.header = null;
    this.row(cells, columns, { font: this.bold, ruled });
    this.header = { cells, columns, ruled };
  }

  /**
   * One table row: each cell wrapped within its column and the row as tall as its tallest cell (at
   * least `minHeight`); `signatureCells` get an empty box to sign in on paper. A rule closes it.
   */
  row(cells: string[], columns: number[], options: { font?: PDFFont; minHeight?: number; signatureCells?: number[]; ruled?: boolean } = {}): void {
    const font = options.font ?? this.regular;
    const widthOf = (i: number) => (columns[i + 1] ?? RIGHT) - columns[i]!;
    const wrapped = cells.map((cell, i) => (cell ? wrapToWidth(font, cell, 7.5, widthOf(i) - 4) : []));
    const height = Math.max(options.minHeight ?? 0, Math.max(1, ...wrapped.map((lines) => lines.length)) * LEADING + 1);
    if (this.ensure(height) && this.header) this.row(this.header.cells, this.header.columns, { font: this.bold, ruled: this.header.ruled });
    const top = this.y;
    wrapped.forEach((lines, i) =>
      lines.forEach((line, index) => this.page.drawText(line, { x: columns[i]!, y: top - index * LEADING, size: 7.5, font, color: INK })),
    );
    for (const i of options.signatureCells ?? []) {
      this.page.drawRectangle({ x: columns[i]!, y: top + 8 - height + 1.5, width: widthOf(i) - 4, height: height - 3, borderColor: RULE, borderWidth: 0.6 });
    }
    if (options.ruled) this.page.drawLine({ start: { x: MARGIN, y: top + 8 - height }, end: { x: RIGHT, y: top + 8 - height }, thickness: 0.3, color: RULE });
    this.y = top - height;
  }
}

/**
 * ISO 9606-1 Annex A's form, in its order, with the confirmation and revalidation tables as they
 * stand: one A4 page for a usual record, another when long values or many rows need it. Where the
 * form is signed on paper (the examiner on issue, a confirmation or revalidation not made on the
 * platform) it has an empty box to sign in.
 */
export async function renderWpqCertificatePdf(content: WpqCertificateContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Welder qualification certificate ${content.certificateNumber}`);
  pdf.setAuthor(content.awardingBodyName);
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold), `Welder qualification certificate ${content.certificateNumber}`);
  const page = w.page;

  const qrSize = 64;
  drawQrCode(page, content.verifyUrl, RIGHT - qrSize, MARGIN, qrSize);
  w.text(content.awardingBodyName, MARGIN, 10, w.bold);
  w.y -= 18;
  w.text('Welder qualification test certificate', MARGIN, 15, w.bold);
  w.y -= 14;
  w.text(`${content.standard} (Annex A)`, MARGIN, 9);
  w.y -= 14;
  w.text(`Certificate number: ${content.certificateNumber}`, MARGIN, 10, w.bold);
  for (const line of wrapToWidth(w.regular, `Verify: ${content.verifyUrl}`, 7, RIGHT - qrSize - MARGIN - 12)) {
    w.y -= 10;
    w.text(line, MARGIN, 7);
  }
  // The first heading stays clear of the QR code's quiet zone.
  w.y = Math.min(w.y, A4.height - MARGIN - qrSize);

  w.heading('Designation');
  for (const designation of content.designations.length ? content.designations : ['-']) {
    w.text(designation, MARGIN, 10, w.bold);
    w.y -= 13;
  }

  w.heading('Welder');
  const top = w.y;
  // The photograph's box (the standard's form has one beside the welder's details); the columns stay left of it.
  const box = { x: RIGHT - 50, y: top + 7 - 64, width: 50, height: 64 };
  page.drawRectangle({ ...box, borderColor: RULE, borderWidth: 0.6 });
  if (content.photograph) {
    const image = content.photograph.contentType === 'image/png' ? await pdf.embedPng(content.photograph.bytes) : await pdf.embedJpg(content.photograph.bytes);
    // Scaled to fit inside the box's border, centred, its proportions kept.
    const fitted = image.scaleToFit(box.width - 4, box.height - 4);
    page.drawImage(image, { x: box.x + (box.width - fitted.width) / 2, y: box.y + (box.height - fitted.height) / 2, width: fitted.width, height: fitted.height });
  } else {
    page.drawText('Photograph', { x: box.x + 5, y: box.y + box.height - 24, size: 7, font: w.regular, color: INK });
    page.drawText('not on file', { x: box.x + 5, y: box.y + box.height - 33, size: 7, font: w.regular, color: INK });
  }
  const left = (label: string, value: string): [string, string, number, number, number] => [label, value, MARGIN, 92, 256];
  const right = (label: string, value: string): [string, string, number, number, number] => [label, value, MARGIN + 264, 80, box.x - 8 - (MARGIN + 264)];
  let leftY = top;
  for (const [label, value] of [
    ["Welder's name", content.welderName],
    ['Identification', content.identification],
    ['Method of identification', content.methodOfIdentification],
    ['Date and place of birth', `${dayText(content.dateOfBirth)}, ${content.placeOfBirth || '-'}`],
    ['Employer', content.employer],
  ] as const) {
    w.y = leftY;
    leftY -= w.pair(...left(label, value)) + 1.5;
  }
  let rightY = top;
  for (const [label, value] of [
    ['WPS reference', content.wpsReference],
    ["Examiner's name", content.examinerName],
    ['Examiner reference', content.examinerReference],
    ['Job knowledge', content.jobKnowledge],
  ] as const) {
    w.y = rightY;
    rightY -= w.pair(...right(label, value)) + 1.5;
  }
  // The next heading starts below the taller of the columns and the photograph's box.
  w.y = Math.min(leftY, rightY, box.y + 4);

  w.heading('Variables: test piece and range of qualification');
  const columns = [MARGIN, MARGIN + 170, MARGIN + 280];
  w.tableHeader(['Variable', 'Test piece', 'Range of qualification'], columns);
  for (const variable of content.variables) w.row([variable.label, variable.tested, variable.range], columns);

  w.heading('Type of test: performed and accepted');
  w.tableHeader(['Test', 'Result', 'Notes'], columns);
  for (const test of content.tests.length ? content.tests : [{ method: '-', result: '-', note: '' }]) w.row([test.method, test.result, test.note], columns);
  w.pairs(['Acceptance criteria', content.acceptanceCriteria, MARGIN, 92, RIGHT - MARGIN]);

  w.heading('Test and issue');
  const validity = content.validity ? (content.validity.isValid ? `Valid${content.validity.validUntil ? ` until ${formatCertificateDate(content.validity.validUntil)}` : ''}` : `Not valid: ${content.validity.reason}`) : '-';
  w.pairs(['Place of testing', content.placeOfTesting, MARGIN, 92, 256], ['Date of welding (test)', dayText(content.testDate), MARGIN + 264, 92, RIGHT - MARGIN - 264]);
  w.pairs(['Date of issue', dayText(content.issueDate), MARGIN, 92, 256], ['Validity', validity, MARGIN + 264, 92, RIGHT - MARGIN - 264]);
  w.pairs(['Validity option', validityOptionLabel(content.validityOption), MARGIN, 92, RIGHT - MARGIN]);
  // The examiner signs the issued certificate on paper: the form's place, date and signature.
  w.ensure(26);
  w.y -= 3;
  const signedAt = w.y;
  w.pair('Examiner or examining body', content.examinerName, MARGIN, 110, 256);
  w.text('Signature of examiner', MARGIN + 264, 7.5, w.bold);
  w.page.drawRectangle({ x: MARGIN + 264 + 92, y: signedAt - 15, width: RIGHT - (MARGIN + 264 + 92), height: 24, borderColor: RULE, borderWidth: 0.6 });
  w.y = signedAt - 20;

  // ISO 9606-1 Annex A's two tables, each row with its signature: a row made on the platform says so; an empty row has a box to sign on paper.
  w.heading('Confirmation of validity by the employer / coordinator or examiner every 6 months (9.2)');
  const confirmColumns = [MARGIN, MARGIN + 66, MARGIN + 132, MARGIN + 222, MARGIN + 310, MARGIN + 396];
  w.tableHeader(['Due', 'Date', 'Name', 'Position or title', 'By', 'Signature'], confirmColumns, true);
  const confirmations = content.validity?.confirmations ?? [];
  const rows = Math.max(content.numOfConfirmation, confirmations.length);
  for (let i = 0; i < rows; i++) {
    const c = confirmations[i];
    if (c) {
      const by = c.confirmedBy === 'employer' ? (c.companyName ?? 'Employer') : 'Examiner';
      w.row([dayText(c.dueOn), dayText(c.confirmedOn), c.confirmerName, c.confirmerPosition, by, 'Confirmed on the platform'], confirmColumns, { ruled: true });
    } else w.row(['', '', '', '', '', ''], confirmColumns, { minHeight: SIGNING_ROW, signatureCells: [5], ruled: true });
  }

  w.heading('Revalidation of the qualification by the examiner or examining body (9.3)');
  const revalidationColumns = [MARGIN, MARGIN + 70, MARGIN + 140, MARGIN + 296, MARGIN + 416];
  w.tableHeader(['Date', 'Valid until', 'Evidence', 'Signature', 'Position or title'], revalidationColumns, true);
  const revalidations = (content.validity?.revalidations ?? []).filter((r) => r.status === 'approved');
  for (let i = 0; i < Math.max(2, revalidations.length); i++) {
    const r = revalidations[i];
    if (r) {
      const approver = content.revalidationApprovers[r.id];
      const evidence = r.welds.map((weld) => `${weld.description} (${weld.testMethod})`).join('; ');
      w.row([dayText(r.revalidatedOn), dayText(r.validUntilAfter), evidence, `Approved on the platform${approver ? ` by ${approver}` : ''}`, ''], revalidationColumns, { ruled: true });
    } else w.row(['', '', '', '', ''], revalidationColumns, { minHeight: SIGNING_ROW, signatureCells: [3], ruled: true });
  }

  if (content.stamp) for (const each of w.pages) drawStamp(each, w.bold, content.stamp);
  return pdf.save();
}
