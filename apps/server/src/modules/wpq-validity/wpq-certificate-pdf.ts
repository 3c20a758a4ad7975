import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCertificateDate } from '@certs/shared/certificate/certificate-template.contract';
import type { RangeResult } from '@certs/shared/wpq/wpq-range';
import { TEST_METHODS } from '@certs/shared/wpq/wpq-reference';
import { WPQ_VALIDITY_OPTIONS } from '@certs/shared/wpq/wpq-record.contract';
import type { WpqValidity } from '@certs/shared/wpq/wpq-validity.contract';
import { drawQrCode, drawStamp, drawableText } from '../certificate/certificate-pdf';

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
}

const INK = rgb(0.08, 0.1, 0.16);
const RULE = rgb(0.55, 0.6, 0.68);
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;

const none = (values: readonly (string | number)[]) => (values.length ? values.join(', ') : '-');
const mm = (value: number | null | undefined) => (value === null || value === undefined ? '-' : `${value} mm`);

/** The variables of the standard's form: the test piece's value beside what it qualifies. */
export function certificateVariables(record: Record<string, unknown>, range: RangeResult | null): WpqCertificateContent['variables'] {
  const text = (key: string) => (record[key] === null || record[key] === undefined || record[key] === '' ? '-' : String(record[key]));
  const thickness = range ? `${range.thickness.min} mm to ${range.thickness.max === null ? 'unlimited' : `${range.thickness.max} mm`}` : '-';
  const diameter = range ? describeDiameter(range.diameter) : '-';
  return [
    { label: 'Welding process', tested: text('weldingProcess'), range: range ? none(range.processes) : '-' },
    { label: 'Transfer mode', tested: text('transferMode'), range: range ? none(range.transferModes) : '-' },
    { label: 'Product type (plate or pipe)', tested: text('productType'), range: range ? none(range.productTypes) : '-' },
    { label: 'Type of weld', tested: text('jointType'), range: range ? none(range.weldTypes) + (range.branchConnections ? ' (and branch connections)' : '') : '-' },
    { label: 'Filler material group', tested: text('fillerMaterialGroup'), range: range ? none(range.fillerGroups) : '-' },
    { label: 'Filler material type', tested: text('fillerMaterialType'), range: range ? none(range.fillerTypes) : '-' },
    { label: 'Parent material group', tested: [text('parentMaterial1Group'), text('parentMaterial1Subgroup')].join(' / '), range: range ? none(range.parentGroups) : '-' },
    { label: 'Material thickness t', tested: mm(record.testPieceThickness as number | null), range: thickness },
    { label: 'Deposited thickness s', tested: mm(record.depositThickness as number | null), range: thickness },
    { label: 'Outside pipe diameter D', tested: mm(record.pipeOD as number | null), range: diameter },
    { label: 'Welding position', tested: text('weldingPosition'), range: range ? none(range.positions) : '-' },
    { label: 'Weld details', tested: text('backingAndConsumableInsert'), range: range ? none(range.weldDetails) : '-' },
    { label: 'Multi-layer / single layer', tested: text('layerTechnique'), range: range ? none(range.layerTechniques) : '-' },
    { label: 'Shielding gas (recorded)', tested: text('shieldingGas'), range: '-' },
    { label: 'Type of current and polarity (recorded)', tested: text('typeOfCurrentAndPolarity'), range: '-' },
  ];
}

/** Pipe diameters qualified (plate alongside when it is); "-" when no pipe is. */
function describeDiameter(diameter: RangeResult['diameter']): string {
  const plate = diameter.plate ? 'plate; ' : '';
  if (diameter.min === null) return diameter.plate ? 'plate only' : '-';
  return `${plate}pipe D ${diameter.min} mm to ${diameter.max === null ? 'unlimited' : `${diameter.max} mm`}`;
}

export function testMethodLabel(value: string): string {
  return TEST_METHODS.find((m) => m.value === value)?.label ?? value;
}

export function validityOptionLabel(value: string | null): string {
  return WPQ_VALIDITY_OPTIONS.find((o) => o.value === value)?.label ?? '-';
}

class Writer {
  y: number;
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.y = A4.height - MARGIN;
  }

  text(value: string, x: number, size = 8, font: PDFFont = this.regular, maxWidth?: number): void {
    let drawn = drawableText(font, value);
    if (maxWidth) while (drawn.length > 1 && font.widthOfTextAtSize(drawn, size) > maxWidth) drawn = `${drawn.slice(0, -2)}…`.replace(/…+$/, '.');
    this.page.drawText(drawn, { x, y: this.y, size, font, color: INK });
  }

  heading(value: string): void {
    this.y -= 14;
    this.text(value, MARGIN, 9.5, this.bold);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 3 }, end: { x: A4.width - MARGIN, y: this.y - 3 }, thickness: 0.6, color: RULE });
    this.y -= 12;
  }

  /** A label and its value in two columns. */
  pair(label: string, value: string, x = MARGIN, width = 250): void {
    this.text(label, x, 7.5, this.bold);
    this.text(value || '-', x + 118, 7.5, this.regular, width - 118);
  }

  row(cells: string[], columns: number[], font: PDFFont = this.regular): void {
    cells.forEach((cell, i) => this.text(cell, columns[i]!, 7.5, font, (columns[i + 1] ?? A4.width - MARGIN) - columns[i]! - 4));
    this.y -= 11;
  }
}

/** One A4 page in the order of the standard's form, with the confirmation and revalidation tables as they stand. */
export async function renderWpqCertificatePdf(content: WpqCertificateContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Welder qualification certificate ${content.certificateNumber}`);
  pdf.setAuthor(content.awardingBodyName);
  const page = pdf.addPage([A4.width, A4.height]);
  const w = new Writer(page, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));

  w.text(content.awardingBodyName, MARGIN, 10, w.bold);
  w.y -= 18;
  w.text('Welder qualification test certificate', MARGIN, 15, w.bold);
  w.y -= 14;
  w.text(`${content.standard} (Annex A)`, MARGIN, 9);
  w.y -= 14;
  w.text(`Certificate number: ${content.certificateNumber}`, MARGIN, 10, w.bold);
  drawQrCode(page, content.verifyUrl, A4.width - MARGIN - 78, MARGIN, 78);
  w.y -= 12;
  w.text(`Verify: ${content.verifyUrl}`, MARGIN, 7);

  w.heading('Designation');
  for (const designation of content.designations.length ? content.designations : ['-']) {
    w.text(designation, MARGIN, 10, w.bold);
    w.y -= 13;
  }

  w.heading('Welder');
  const top = w.y;
  w.pair("Welder's name", content.welderName);
  w.y -= 11;
  w.pair('Identification', content.identification);
  w.y -= 11;
  w.pair('Method of identification', content.methodOfIdentification);
  w.y -= 11;
  w.pair('Date and place of birth', `${formatCertificateDate(content.dateOfBirth)}, ${content.placeOfBirth || '-'}`);
  w.y -= 11;
  w.pair('Employer', content.employer);
  w.y = top;
  w.pair('WPS reference', content.wpsReference, 300);
  w.y -= 11;
  w.pair("Examiner's name", content.examinerName, 300);
  w.y -= 11;
  w.pair('Examiner reference', content.examinerReference, 300);
  w.y -= 11;
  w.pair('Job knowledge', content.jobKnowledge, 300);
  // The photograph's box (the standard's form has one beside the welder's details).
  const box = { x: A4.width - MARGIN - 62, y: w.y - 30, width: 62, height: 74 };
  page.drawRectangle({ ...box, borderColor: RULE, borderWidth: 0.6 });
  if (content.photograph) {
    const image = content.photograph.contentType === 'image/png' ? await pdf.embedPng(content.photograph.bytes) : await pdf.embedJpg(content.photograph.bytes);
    // Scaled to fit inside the box's border, centred, its proportions kept.
    const fitted = image.scaleToFit(box.width - 4, box.height - 4);
    page.drawImage(image, { x: box.x + (box.width - fitted.width) / 2, y: box.y + (box.height - fitted.height) / 2, width: fitted.width, height: fitted.height });
  } else {
    w.y -= 14;
    w.text('Photograph', A4.width - MARGIN - 56, 7);
    w.y -= 9;
    w.text('not on file', A4.width - MARGIN - 56, 7);
  }
  w.y = top - 5 * 11 - 2;

  w.heading('Variables: test piece and range of qualification');
  const columns = [MARGIN, MARGIN + 190, MARGIN + 300];
  w.row(['Variable', 'Test piece', 'Range of qualification'], columns, w.bold);
  for (const variable of content.variables) w.row([variable.label, variable.tested, variable.range], columns);

  w.heading('Type of test: performed and accepted');
  const testColumns = [MARGIN, MARGIN + 190, MARGIN + 300];
  w.row(['Test', 'Result', 'Notes'], testColumns, w.bold);
  for (const test of content.tests.length ? content.tests : [{ method: '-', result: '-', note: '' }]) w.row([test.method, test.result, test.note], testColumns);

  w.heading('Test and issue');
  w.pair('Place of testing', content.placeOfTesting);
  w.pair('Date of test', formatCertificateDate(content.testDate), 300);
  w.y -= 11;
  w.pair('Date of issue', formatCertificateDate(content.issueDate));
  w.pair('Validity', content.validity ? (content.validity.isValid ? `Valid${content.validity.validUntil ? ` until ${formatCertificateDate(content.validity.validUntil)}` : ''}` : `Not valid: ${content.validity.reason}`) : '-', 300, 260);
  w.y -= 11;
  w.pair('Validity option', validityOptionLabel(content.validityOption), MARGIN, 520);
  w.y -= 4;

  w.heading('Confirmation of validity by the employer / coordinator or examiner every 6 months (9.2)');
  const confirmColumns = [MARGIN, MARGIN + 70, MARGIN + 140, MARGIN + 300, MARGIN + 420];
  w.row(['Due', 'Date', 'Name', 'Position or title', 'By'], confirmColumns, w.bold);
  const confirmations = content.validity?.confirmations ?? [];
  const rows = Math.max(content.numOfConfirmation, confirmations.length);
  for (let i = 0; i < rows; i++) {
    const c = confirmations[i];
    w.row(c ? [formatCertificateDate(c.dueOn), formatCertificateDate(c.confirmedOn), c.confirmerName, c.confirmerPosition, c.confirmedBy === 'employer' ? (c.companyName ?? 'Employer') : 'Examiner'] : ['', '', '', '', ''], confirmColumns);
    page.drawLine({ start: { x: MARGIN, y: w.y + 8 }, end: { x: A4.width - MARGIN, y: w.y + 8 }, thickness: 0.3, color: RULE });
  }

  w.heading('Revalidation of the qualification by the examiner (9.3)');
  const revalidationColumns = [MARGIN, MARGIN + 90, MARGIN + 190];
  w.row(['Date', 'Valid until', 'Evidence'], revalidationColumns, w.bold);
  const revalidations = (content.validity?.revalidations ?? []).filter((r) => r.status === 'approved');
  for (let i = 0; i < Math.max(2, revalidations.length); i++) {
    const r = revalidations[i];
    w.row(r ? [formatCertificateDate(r.revalidatedOn), formatCertificateDate(r.validUntilAfter), r.welds.map((weld) => `${weld.description} (${weld.testMethod})`).join('; ')] : ['', '', ''], revalidationColumns);
    page.drawLine({ start: { x: MARGIN, y: w.y + 8 }, end: { x: A4.width - MARGIN, y: w.y + 8 }, thickness: 0.3, color: RULE });
  }

  if (content.stamp) drawStamp(page, w.bold, content.stamp);
  return pdf.save();
}
