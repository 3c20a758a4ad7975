import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import {
  CERTIFICATE_FIELDS,
  pageSizeOf,
  type CertificateFont,
  type CertificateTemplateField,
  type CertificateValues,
  type TemplateOrientation,
} from '@certs/shared/certificate/certificate-template.contract';

/** A stored file of a template, already read from storage. */
export interface TemplateFileBytes {
  bytes: Uint8Array;
  contentType: string;
}

export interface CertificateDesign {
  orientation: TemplateOrientation;
  fields: readonly CertificateTemplateField[];
  background: TemplateFileBytes | null;
  signature: TemplateFileBytes | null;
}

const FONT_FILES: Record<CertificateFont, StandardFonts> = {
  Helvetica: StandardFonts.Helvetica,
  'Helvetica-Bold': StandardFonts.HelveticaBold,
  'Times-Roman': StandardFonts.TimesRoman,
  'Times-Bold': StandardFonts.TimesRomanBold,
  Courier: StandardFonts.Courier,
};
const INK = rgb(0.08, 0.1, 0.16);
const FRAME = rgb(0.12, 0.23, 0.4);
const STAMP = rgb(0.75, 0.05, 0.05);
/** Modules of white around a QR code so a phone finds its edges on any background. */
const QR_QUIET_MODULES = 2;
/** Letters with no decomposition to a base letter, written as people write them without it. */
const BASE_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ø: 'O', ø: 'o', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * The standard fonts draw WinAnsi only: any other character becomes its unaccented letter when it
 * has one, else "?", so a name in another script still prints (as the invoice does).
 */
export function drawableText(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\s+/g, ' '))
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const base = BASE_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      return base && Array.from(base).every((c) => supported.has(c.codePointAt(0) ?? 0)) ? base : '?';
    })
    .join('');
}

/**
 * Text broken into lines no wider than `maxWidth` (already drawable in `font`): at spaces, and a
 * word wider than a line (a web address) after its last "/" that fits, else where it must.
 */
export function wrapToWidth(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of drawableText(font, text).split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
      const slash = line.lastIndexOf('/', cut - 1);
      if (slash > 0) cut = slash + 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** The left edge of something `width` wide anchored at `x` with this alignment. */
function leftOf(x: number, width: number, align: CertificateTemplateField['align']): number {
  if (align === 'center') return x - width / 2;
  if (align === 'right') return x - width;
  return x;
}

/** A background (a one-page PDF, or an image stretched to the page) as the page's first layer. */
async function drawBackground(pdf: PDFDocument, page: PDFPage, background: TemplateFileBytes): Promise<void> {
  const { width, height } = page.getSize();
  if (background.contentType === 'application/pdf') {
    const source = await PDFDocument.load(background.bytes, { updateMetadata: false });
    // A page with no content at all is a blank background: nothing to draw (pdf-lib cannot embed it).
    if (!source.getPage(0).node.Contents()) return;
    const [embedded] = await pdf.embedPdf(source, [0]);
    if (embedded) page.drawPage(embedded, { x: 0, y: 0, width, height });
    return;
  }
  const image = background.contentType === 'image/png' ? await pdf.embedPng(background.bytes) : await pdf.embedJpg(background.bytes);
  page.drawImage(image, { x: 0, y: 0, width, height });
}

/** A plain page gets a simple double frame, so the default template looks finished without a design. */
function drawFrame(page: PDFPage): void {
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: FRAME, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: width - 64, height: height - 64, borderColor: FRAME, borderWidth: 0.8 });
}

/** The QR code drawn as vector squares (sharp at any size), with a white quiet zone. */
export function drawQrCode(page: PDFPage, text: string, left: number, top: number, size: number): void {
  const { height } = page.getSize();
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = code.modules.size;
  const module = size / (count + QR_QUIET_MODULES * 2);
  const bottom = height - top - size;
  page.drawRectangle({ x: left, y: bottom, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (!code.modules.get(row, col)) continue;
      page.drawRectangle({
        x: left + (col + QR_QUIET_MODULES) * module,
        y: bottom + size - (row + QR_QUIET_MODULES + 1) * module,
        // A hair wider, so neighbouring squares leave no seams when printed.
        width: module + 0.02,
        height: module + 0.02,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** Points kept clear at the page's edges by the verification address (well inside the default frame, drawn at 24 and 32). */
const ADDRESS_EDGE = 48;
const ADDRESS_SIZE = 7;

/**
 * The verification address in words under the QR code (above it when the code sits at the page's
 * foot), centred on the code and kept on the page, so a reader without a phone can type it.
 */
export function drawVerifyAddress(page: PDFPage, font: PDFFont, url: string, left: number, top: number, size: number): void {
  const { width: pageWidth, height } = page.getSize();
  const lines = wrapToWidth(font, `Verify: ${url}`, ADDRESS_SIZE, Math.min(260, pageWidth - 2 * ADDRESS_EDGE));
  const leading = ADDRESS_SIZE + 2;
  const below = top + size + leading;
  const firstBaseline = below + (lines.length - 1) * leading <= height - ADDRESS_EDGE / 2 ? below : top - 4 - (lines.length - 1) * leading;
  lines.forEach((line, index) => {
    const lineWidth = font.widthOfTextAtSize(line, ADDRESS_SIZE);
    const x = Math.min(Math.max(left + size / 2 - lineWidth / 2, ADDRESS_EDGE), pageWidth - ADDRESS_EDGE - lineWidth);
    page.drawText(line, { x, y: height - firstBaseline - index * leading, size: ADDRESS_SIZE, font, color: INK });
  });
}

/** "ON HOLD - NOT VALID" across the page's diagonal, so a printout cannot pass as current. */
export function drawStamp(page: PDFPage, font: PDFFont, stamp: string): void {
  const { width, height } = page.getSize();
  const angle = Math.atan2(height, width);
  const size = Math.min(64, (Math.hypot(width, height) * 0.8) / Math.max(1, font.widthOfTextAtSize(stamp, 1)));
  const textWidth = font.widthOfTextAtSize(stamp, size);
  const textHeight = font.heightAtSize(size, { descender: false });
  // Rotation turns about the text's origin: step back half the text along and across the diagonal.
  const x = width / 2 - (textWidth / 2) * Math.cos(angle) + (textHeight / 2) * Math.sin(angle);
  const y = height / 2 - (textWidth / 2) * Math.sin(angle) - (textHeight / 2) * Math.cos(angle);
  page.drawText(stamp, { x, y, size, font, color: STAMP, opacity: 0.55, rotate: degrees((angle * 180) / Math.PI) });
  page.drawRectangle({ x: 40, y: 40, width: width - 80, height: height - 80, borderColor: STAMP, borderWidth: 4, opacity: 0.6, borderOpacity: 0.6 });
}

/** The issuing body's logo, centred at the top inside the frame: at most this tall and wide (points). */
const LOGO_TOP = 40;
const LOGO_MAX_HEIGHT = 42;
const LOGO_MAX_WIDTH = 200;

/**
 * The logo above everything else (the default layout's first line starts lower down). A file that
 * pdf-lib cannot read leaves the certificate without a logo rather than without a certificate.
 */
async function drawLogo(pdf: PDFDocument, page: PDFPage, logo: TemplateFileBytes): Promise<void> {
  let image: PDFImage;
  try {
    image = logo.contentType === 'image/png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  } catch {
    return;
  }
  const { width: pageWidth, height: pageHeight } = page.getSize();
  const scale = Math.min(LOGO_MAX_HEIGHT / image.height, LOGO_MAX_WIDTH / image.width);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (pageWidth - width) / 2, y: pageHeight - LOGO_TOP - height, width, height });
}

/**
 * One certificate page: the background, the issuing body's logo when it has one, then each placed field with the award's values, then, for
 * an award that is not current, the stamp that says so. Positions are points from the top-left.
 */
export async function renderCertificatePdf(design: CertificateDesign, values: CertificateValues, options: { title: string; stamp?: string; logo?: TemplateFileBytes | null }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(options.title);
  pdf.setAuthor(values.awardingBodyName);
  pdf.setCreator(values.awardingBodyName);
  const size = pageSizeOf(design.orientation);
  const page = pdf.addPage([size.width, size.height]);
  if (design.background) await drawBackground(pdf, page, design.background);
  else drawFrame(page);
  if (options.logo) await drawLogo(pdf, page, options.logo);

  const fonts = new Map<CertificateFont, PDFFont>();
  const fontOf = async (name: CertificateFont) => {
    let font = fonts.get(name);
    if (!font) {
      font = await pdf.embedFont(FONT_FILES[name]);
      fonts.set(name, font);
    }
    return font;
  };
  let signature: PDFImage | null = null;
  if (design.signature) signature = design.signature.contentType === 'image/png' ? await pdf.embedPng(design.signature.bytes) : await pdf.embedJpg(design.signature.bytes);

  for (const field of design.fields) {
    const kind = CERTIFICATE_FIELDS[field.field].kind;
    if (kind === 'image') {
      const width = field.width ?? 96;
      if (field.field === 'qrCode') {
        drawQrCode(page, values.verifyUrl, leftOf(field.x, width, field.align), field.y, width);
        drawVerifyAddress(page, await fontOf('Helvetica'), values.verifyUrl, leftOf(field.x, width, field.align), field.y, width);
      } else if (signature) {
        const height = (width * signature.height) / signature.width;
        page.drawImage(signature, { x: leftOf(field.x, width, field.align), y: size.height - field.y - height, width, height });
      }
      continue;
    }
    const font = await fontOf(field.font);
    const value = values[field.field as Exclude<keyof CertificateValues, 'verifyUrl'>];
    // Nothing to state (a holder without a member ID): no line at all, rather than "Member ID: -".
    if (!value.trim()) continue;
    const text = drawableText(font, `${field.prefix ?? ''}${value}`);
    const textWidth = font.widthOfTextAtSize(text, field.fontSize);
    page.drawText(text, { x: leftOf(field.x, textWidth, field.align), y: size.height - field.y, size: field.fontSize, font, color: INK });
  }

  if (options.stamp) drawStamp(page, await fontOf('Helvetica-Bold'), options.stamp);
  return pdf.save();
}

/** What a background's bytes are, checked before a template keeps it: one A4 page in the template's orientation. */
export async function backgroundProblem(file: TemplateFileBytes, orientation: TemplateOrientation): Promise<'type' | 'pages' | 'notA4' | 'orientation' | 'shape' | 'unreadable' | null> {
  try {
    if (file.contentType === 'application/pdf') {
      const source = await PDFDocument.load(file.bytes, { updateMetadata: false });
      if (source.getPageCount() !== 1) return 'pages';
      const { width, height } = source.getPage(0).getSize();
      const [short, long] = [Math.min(width, height), Math.max(width, height)];
      // A4 within 2 points either way (exporters round to whole points or millimetres).
      if (Math.abs(short - 595.28) > 2 || Math.abs(long - 841.89) > 2) return 'notA4';
      if ((width > height ? 'landscape' : 'portrait') !== orientation) return 'orientation';
      // It must also draw: embedding parses its content the way generation will.
      if (source.getPage(0).node.Contents()) await (await PDFDocument.create()).embedPdf(source, [0]);
      return null;
    }
    if (file.contentType !== 'image/png' && file.contentType !== 'image/jpeg') return 'type';
    const pdf = await PDFDocument.create();
    const image = file.contentType === 'image/png' ? await pdf.embedPng(file.bytes) : await pdf.embedJpg(file.bytes);
    const page = pageSizeOf(orientation);
    // Stretched to the page, so an image far from A4's proportions would be distorted.
    return Math.abs(image.width / image.height - page.width / page.height) / (page.width / page.height) > 0.03 ? 'shape' : null;
  } catch {
    return 'unreadable';
  }
}

/** Whether a signature's bytes are an image pdf-lib can draw. */
export async function signatureReadable(file: TemplateFileBytes): Promise<boolean> {
  try {
    const pdf = await PDFDocument.create();
    if (file.contentType === 'image/png') await pdf.embedPng(file.bytes);
    else if (file.contentType === 'image/jpeg') await pdf.embedJpg(file.bytes);
    else return false;
    return true;
  } catch {
    return false;
  }
}
