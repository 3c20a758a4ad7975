import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { DEFAULT_TIME_ZONE, formatDate } from '@certs/shared/common/dates';
import { taxIdentifiersText, type Invoice } from '@certs/shared/pre-exam/pre-exam.contract';
import { FEE_BASIS_LABELS, formatGstRate, formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.78, 0.78, 0.8);

/** Table columns: module code, title, fee basis, amount (right-aligned at the margin). */
const COLUMNS = { code: MARGIN, title: MARGIN + 85, basis: MARGIN + 345, amountRight: RIGHT };

/** Letters with no decomposition to a base letter, spelled as people would without them. */
const PLAIN_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * The standard PDF fonts speak WinAnsi only: a character they cannot draw becomes its unaccented
 * form when there is one, else "?", so a name in another script never stops an invoice.
 */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text.replace(/[\r\n\t]+/g, ' '))
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const base = PLAIN_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      return base && Array.from(base).every((c) => supported.has(c.codePointAt(0) ?? 0)) ? base : '?';
    })
    .join('');
}

/** Cuts a text to a width, with an ellipsis when it had to be cut (measured as it will be drawn). */
function fitted(font: PDFFont, raw: string, size: number, width: number): string {
  const text = drawable(font, raw);
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

/** A company's business number as people write it: an ABN as "51 824 753 556", an NZBN as stored. */
function businessNumberText(kind: 'ABN' | 'NZBN' | null, value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  const shown = kind !== 'NZBN' && /^\d{11}$/.test(digits) ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : value;
  return `${kind ?? 'ABN'} ${shown}`;
}

/** Splits a text into lines no wider than the width, at spaces. */
function wrapped(font: PDFFont, raw: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(font, raw).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => fitted(font, l, size, width));
}

class Writer {
  y = A4.height - MARGIN;
  constructor(
    private readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(text: string, x: number, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; y?: number } = {}): void {
    const font = options.font ?? this.regular;
    this.page.drawText(drawable(font, text), { x, y: options.y ?? this.y, size: options.size ?? 10, font, color: options.color ?? INK });
  }

  right(text: string, rightX: number, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; y?: number } = {}): void {
    const font = options.font ?? this.regular;
    const safe = drawable(font, text);
    this.text(safe, rightX - font.widthOfTextAtSize(safe, options.size ?? 10), options);
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: RIGHT, y: this.y }, thickness: 0.6, color: RULE });
  }

  down(points: number): void {
    this.y -= points;
  }
}

/**
 * The tax invoice as a PDF, drawn from the invoice's immutable snapshot (issuer, billed-to, lines
 * and totals as issued), so the same invoice always renders the same and nothing needs storing.
 * Its dates are days in the issuing body's zone (an Auckland body's invoice is dated in Auckland).
 */
/** The issuer's logo at the top left, at most this tall and wide (points). */
const LOGO_MAX_HEIGHT = 48;
const LOGO_MAX_WIDTH = 180;

export async function renderInvoicePdf(invoice: Invoice, timeZone: string = DEFAULT_TIME_ZONE, logo: { bytes: Uint8Array; contentType: string } | null = null): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Tax invoice ${invoice.invoiceNumberText}`);
  pdf.setAuthor(invoice.issuer.name);
  pdf.setSubject(`Application ${invoice.applicationNumber}`);
  pdf.setCreationDate(new Date(invoice.issuedOn));
  pdf.setModificationDate(new Date(invoice.issuedOn));
  const page = pdf.addPage([A4.width, A4.height]);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const w = new Writer(page, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));

  // The issuing body's logo (its current one) above the heading, which moves down below it.
  // A file pdf-lib cannot read leaves the invoice as it is without one.
  let image: PDFImage | null = null;
  try {
    if (logo) image = logo.contentType === 'image/png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  } catch {
    image = null;
  }
  if (image) {
    const scale = Math.min(LOGO_MAX_HEIGHT / image.height, LOGO_MAX_WIDTH / image.width);
    const top = w.y + 16;
    page.drawImage(image, { x: MARGIN, y: top - image.height * scale, width: image.width * scale, height: image.height * scale });
    w.y = top - image.height * scale - 30;
  }

  // Heading: the issuer on the left, the invoice's identity on the right.
  w.text('Tax invoice', MARGIN, { size: 22, font: w.bold });
  w.right(invoice.invoiceNumberText, RIGHT, { size: 14, font: w.bold });
  w.down(30);
  const top = w.y;
  // The issuer's column stops short of the invoice facts on the right.
  wrapped(w.bold, invoice.issuer.name, 11, 290).forEach((line, index) => {
    if (index > 0) w.down(14);
    w.text(line, MARGIN, { size: 11, font: w.bold });
  });
  w.down(14);
  // ABN for an Australian body; NZBN and GST number for a New Zealand one.
  w.text(taxIdentifiersText(invoice.issuer), MARGIN);
  for (const line of wrapped(w.regular, invoice.issuer.address, 10, 290)) {
    w.down(13);
    w.text(line, MARGIN, { color: MUTED });
  }
  w.down(13);
  w.text(invoice.issuer.email, MARGIN, { color: MUTED });
  const afterIssuer = w.y;

  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNumberText],
    ['Invoice date', formatDate(invoice.issuedOn, 'day', timeZone)],
    ['Application', invoice.applicationNumber],
    ['Status', invoice.status === 'Paid' ? `Paid ${formatDate(invoice.paidOn, 'day', timeZone)}` : invoice.status === 'Void' ? 'Void' : 'Awaiting payment'],
  ];
  facts.forEach(([label, value], index) => {
    const y = top - index * 14;
    w.right(label, RIGHT - 110, { y, color: MUTED });
    w.right(value, RIGHT, { y, font: w.bold });
  });
  w.y = Math.min(afterIssuer, top - facts.length * 14) - 26;

  // Billed to and what for.
  w.text('Billed to', MARGIN, { size: 9, font: w.bold, color: MUTED });
  w.text('For', MARGIN + 270, { size: 9, font: w.bold, color: MUTED });
  w.down(14);
  const billedTop = w.y;
  // A company that agreed to pay (issue 42): its business number, billing contact and purchase order; the person is the candidate.
  const company = invoice.billedTo.company;
  const billed = [
    invoice.billedTo.name,
    company?.businessNumber ? businessNumberText(company.businessNumberKind, company.businessNumber) : '',
    company?.contactName ? `Attention: ${company.contactName}` : '',
    invoice.billedTo.email,
    ...wrapped(w.regular, invoice.billedTo.address, 10, 250),
    invoice.billedTo.memberNumber ? `Member number ${invoice.billedTo.memberNumber}` : '',
    company?.purchaseOrderNumber ? `Purchase order ${company.purchaseOrderNumber}` : '',
  ].filter(Boolean);
  billed.forEach((line, index) => w.text(line, MARGIN, { y: billedTop - index * 13, font: index === 0 ? w.bold : w.regular }));
  const program = [
    `Application ${invoice.applicationNumber}`,
    ...wrapped(w.regular, `${invoice.programCode} ${invoice.programTitle}`, 10, 225),
    ...(company ? wrapped(w.regular, `Candidate: ${company.candidateName}${company.candidateMemberNumber ? ` (member ${company.candidateMemberNumber})` : ''}`, 10, 225) : []),
  ];
  program.forEach((line, index) => w.text(line, MARGIN + 270, { y: billedTop - index * 13 }));
  w.y = billedTop - Math.max(billed.length, program.length) * 13 - 22;

  // The lines.
  w.text('Module', COLUMNS.code, { size: 9, font: w.bold, color: MUTED });
  w.text('Title', COLUMNS.title, { size: 9, font: w.bold, color: MUTED });
  w.text('Fee', COLUMNS.basis, { size: 9, font: w.bold, color: MUTED });
  w.right(`Amount (${invoice.currency})`, COLUMNS.amountRight, { size: 9, font: w.bold, color: MUTED });
  w.down(6);
  w.rule();
  for (const line of invoice.lines) {
    w.down(16);
    w.text(fitted(w.regular, line.moduleCode, 10, COLUMNS.title - COLUMNS.code - 8), COLUMNS.code);
    const title = line.applicationModuleId && !line.isRequired ? `${line.moduleTitle} (optional)` : line.moduleTitle;
    w.text(fitted(w.regular, title, 10, COLUMNS.basis - COLUMNS.title - 10), COLUMNS.title);
    w.text(FEE_BASIS_LABELS[line.feeBasis], COLUMNS.basis);
    w.right(money(line.amountCents), COLUMNS.amountRight);
  }
  w.down(10);
  w.rule();

  // Totals: prices are GST-inclusive, so the GST is shown as contained in the total.
  const totals: [string, string, boolean][] = [['Subtotal', money(invoice.subtotalCents), false]];
  if (invoice.discountCents > 0) totals.push([`Discount${invoice.couponCode ? ` (${invoice.couponCode})` : ''}`, `-${money(invoice.discountCents)}`, false]);
  totals.push(['Total (incl. GST)', money(invoice.totalCents), true]);
  totals.push([`GST included (${formatGstRate(invoice.gstRateBasisPoints)})`, money(invoice.gstCents), false]);
  for (const [label, value, isStrong] of totals) {
    w.down(isStrong ? 20 : 16);
    w.right(label, RIGHT - 110, { font: isStrong ? w.bold : w.regular, size: isStrong ? 11 : 10 });
    w.right(value, RIGHT, { font: isStrong ? w.bold : w.regular, size: isStrong ? 11 : 10 });
  }
  w.down(30);
  const howToPay = company ? "Pay online from your company's portal (Invoices), or by bank transfer quoting the invoice number." : 'Pay with the payment link we sent you, or from your application page.';
  w.text(invoice.status === 'Paid' ? `Paid in full on ${formatDate(invoice.paidOn, 'day', timeZone)}. Thank you.` : howToPay, MARGIN, { color: MUTED });
  w.down(14);
  w.text(`All amounts are in ${invoice.currency} and include GST. Questions about this invoice: ${invoice.issuer.email}`, MARGIN, { size: 9, color: MUTED });
  return pdf.save();
}
