import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFStream } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { CertificateValues } from '@certs/shared/certificate/certificate-template.contract';
import { textOfPdf } from '../pre-exam/pdf-text';
import { renderCertificatePdf } from './certificate-pdf';

const VALUES: CertificateValues = {
  holderName: 'Zoë Łukasiewicz',
  holderNumber: 'M-7781',
  programCode: 'C-WELD-SUP',
  programTitle: 'Certified Welding Supervisor',
  scheme: 'Certified Welding Supervisor',
  scope: 'Welding coordination, Quality and inspection',
  certificateNumber: 'CWS/2026/0007',
  awardDate: '20 November 2026',
  expiryDate: '19 November 2031',
  awardingBodyName: 'Welding Certification Board',
  verifyUrl: 'https://certs.example.test/verify/CWS%2F2026%2F0007',
};

async function operatorsOf(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  return streams.map((stream) => Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : (stream as PDFStream).getContents()).toString('latin1')).join('\n');
}

describe('the certificate PDF', () => {
  it('draws a QR code whose modules are those of the verification URL', async () => {
    const bytes = await renderCertificatePdf(
      { orientation: 'landscape', fields: [{ field: 'qrCode', x: 100, y: 100, fontSize: 10, font: 'Helvetica', align: 'left', width: 116 }], background: null, signature: null },
      VALUES,
      { title: 'Certificate CWS/2026/0007' },
    );
    const expected = QRCode.create(VALUES.verifyUrl, { errorCorrectionLevel: 'M' }).modules;
    const size = expected.size;
    const module = 116 / (size + 4);
    // Every dark square is a black fill moved to its bottom-left corner; the corner gives its row and column.
    const squares = [...(await operatorsOf(bytes)).matchAll(/0 0 0 rg\n0 w\n\[\] 0 d\n1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm/g)].map((match) => ({ x: Number(match[1]), y: Number(match[2]) }));
    const top = 595.28 - 100;
    const drawn = new Set(squares.map((square) => `${Math.round((top - square.y) / module - 3)},${Math.round((square.x - 100) / module - 2)}`));
    const dark = new Set<string>();
    for (let row = 0; row < size; row += 1) for (let col = 0; col < size; col += 1) if (expected.get(row, col)) dark.add(`${row},${col}`);
    expect(drawn).toEqual(dark);
  });

  it('writes a name the standard fonts cannot draw as people would without its accents', async () => {
    const bytes = await renderCertificatePdf(
      { orientation: 'portrait', fields: [{ field: 'holderName', x: 50, y: 100, fontSize: 20, font: 'Times-Bold', align: 'left' }], background: null, signature: null },
      VALUES,
      { title: 'Certificate' },
    );
    expect(await textOfPdf(bytes)).toEqual(['Zoë Lukasiewicz']);
  });

  it('prints the verification address under the QR code, centred on it and kept on the page', async () => {
    const qr = (x: number, y: number) => ({ orientation: 'landscape' as const, fields: [{ field: 'qrCode' as const, x, y, fontSize: 10, font: 'Helvetica' as const, align: 'left' as const, width: 96 }], background: null, signature: null });
    const bytes = await renderCertificatePdf(qr(656, 410), VALUES, { title: 'Certificate' });
    expect(await textOfPdf(bytes)).toEqual([`Verify: ${VALUES.verifyUrl}`]);
    const [, x, y] = /1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm/.exec(await operatorsOf(bytes))!.map(Number);
    expect(595.28 - y!).toBeGreaterThan(410 + 96);
    expect(x!).toBeLessThan(656 + 48);

    // At the page's foot and its right edge: above the code, and still on the page; a long address wraps after a "/".
    const long = { ...VALUES, verifyUrl: 'https://certificates.welding-certification-board.example.test/verify/CWS%2F2026%2F0007' };
    const corner = await renderCertificatePdf(qr(740, 495), long, { title: 'Certificate' });
    const lines = await textOfPdf(corner);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ').replace(/\/ /g, '/')).toBe(`Verify: ${long.verifyUrl}`);
    for (const [, left, baseline] of (await operatorsOf(corner)).matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm/g)) {
      expect(595.28 - Number(baseline)).toBeLessThan(495);
      expect(Number(left)).toBeGreaterThanOrEqual(48);
      expect(Number(left)).toBeLessThan(841.89 - 48);
    }
  });

  it('leaves out a line with nothing to state: no "Member ID: -" for a holder who is not a member', async () => {
    const design = { orientation: 'landscape' as const, fields: [{ field: 'holderNumber' as const, x: 90, y: 450, fontSize: 11, font: 'Helvetica' as const, align: 'left' as const, prefix: 'Member ID: ' }], background: null, signature: null };
    expect(await textOfPdf(await renderCertificatePdf(design, VALUES, { title: 'Certificate' }))).toEqual(['Member ID: M-7781']);
    expect(await textOfPdf(await renderCertificatePdf(design, { ...VALUES, holderNumber: '' }, { title: 'Certificate' }))).toEqual([]);
  });

  it('is one A4 landscape page titled with the certificate number', async () => {
    const pdf = await PDFDocument.load(await renderCertificatePdf({ orientation: 'landscape', fields: [], background: null, signature: null }, VALUES, { title: 'Certificate CWS/2026/0007' }));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 841.89, height: 595.28 });
    expect(pdf.getTitle()).toBe('Certificate CWS/2026/0007');
    expect(pdf.getAuthor()).toBe('Welding Certification Board');
  });
});
