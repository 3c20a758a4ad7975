import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@certs/shared/pre-exam/pre-exam.contract';
import { renderInvoicePdf } from './invoice-pdf';
import { simplePng } from '../account/simple-png';
import { textOfPdf } from './pdf-text';

const invoice: Invoice = {
  id: '5b0b7a3e-6a7e-4d0e-9a55-0c4b1d2e3f40',
  invoiceNumber: 123,
  invoiceNumberText: 'INV-000123',
  applicationId: '6c1c8b4f-7b8f-4e1f-8b66-1d5c2e3f4a51',
  applicationNumber: 'Q-2026-00042',
  programCode: 'IWI-1',
  programTitle: 'International Welding Inspector',
  // 1 July 2026 09:30 in Sydney is 30 June 23:30 UTC: the date printed is Sydney's.
  issuedOn: '2026-06-30T23:30:00.000Z',
  issuer: {
    name: 'Welding Certification Board',
    country: 'AU',
    abn: '12 345 678 901',
    nzbn: '',
    gstNumber: '',
    address: '1 Example Street, Sydney NSW 2000, Australia',
    email: 'accounts@example.test',
    taxIdentifiers: [{ label: 'ABN', value: '12 345 678 901' }],
  },
  billedTo: { name: 'Zoë Łukasiewicz', email: 'zoe@example.test', address: '7 Arc Road, Newcastle NSW 2300, Australia', memberNumber: 'M-7781' },
  lines: [
    { applicationModuleId: 'a1', moduleCode: 'IWI-M1', moduleTitle: 'Welding processes and equipment', feeBasis: 'member', isRequired: true, amountCents: 60000 },
    { applicationModuleId: 'a3', moduleCode: 'IWI-M3', moduleTitle: 'Inspection and testing', feeBasis: 'member', isRequired: false, amountCents: 73400 },
  ],
  subtotalCents: 133400,
  discountCents: 10000,
  couponCode: 'WELCOME100',
  gstRateBasisPoints: 1000,
  gstCents: 11218,
  totalCents: 123400,
  currency: 'AUD',
  status: 'Issued',
  paidOn: null,
};

describe('the tax invoice PDF', () => {
  it('is a one-page PDF that pdf-lib reads back, titled with the invoice number', async () => {
    const bytes = await renderInvoicePdf(invoice);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Tax invoice INV-000123');
    expect(pdf.getAuthor()).toBe('Welding Certification Board');
  });

  it("draws the issuing body's logo at the top when it has one, and keeps every line", async () => {
    const hasImage = (bytes: Uint8Array) => /\/Subtype\s*\/Image/.test(Buffer.from(bytes).toString('latin1'));
    expect(hasImage(await renderInvoicePdf(invoice))).toBe(false);
    const withLogo = await renderInvoicePdf(invoice, undefined, { bytes: simplePng(30, 10, () => [10, 60, 140]), contentType: 'image/png' });
    expect(hasImage(withLogo)).toBe(true);
    expect((await PDFDocument.load(withLogo)).getPageCount()).toBe(1);
    expect(await textOfPdf(withLogo)).toEqual(await textOfPdf(await renderInvoicePdf(invoice)));
  });

  it('shows the issuer, ABN, number, Sydney date, billed-to, application, lines, discount, total and GST', async () => {
    const text = await textOfPdf(await renderInvoicePdf(invoice));
    expect(text).toEqual(
      expect.arrayContaining([
        'Tax invoice',
        'INV-000123',
        'Welding Certification Board',
        'ABN 12 345 678 901',
        '01-Jul-2026',
        'Q-2026-00042',
        'Awaiting payment',
        'Member number M-7781',
        'IWI-1 International Welding Inspector',
        'IWI-M1',
        'Welding processes and equipment',
        'Inspection and testing (optional)',
        'Member',
        '$600.00',
        '$734.00',
        'Subtotal',
        '$1,334.00',
        'Discount (WELCOME100)',
        '-$100.00',
        'Total (incl. GST)',
        '$1,234.00',
        'GST included (10%)',
        '$112.18',
      ]),
    );
  });

  it('draws names the standard fonts cannot spell, keeping what WinAnsi has', async () => {
    const text = await textOfPdf(await renderInvoicePdf(invoice));
    // ë is in WinAnsi; Ł is not and falls back to L; a character with no Latin form becomes "?".
    expect(text).toContain('Zoë Lukasiewicz');
    const abroad = await textOfPdf(await renderInvoicePdf({ ...invoice, billedTo: { ...invoice.billedTo, name: '王芳', address: 'ul. Piotrkowska 1, Łódź, Poland' } }));
    expect(abroad).toEqual(expect.arrayContaining(['??', 'ul. Piotrkowska 1, Lódz, Poland']));
  });

  it('says when and that it was paid, and prints a non-member certification line without a member number', async () => {
    const paid: Invoice = {
      ...invoice,
      status: 'Paid',
      paidOn: '2026-07-02T01:00:00.000Z',
      billedTo: { ...invoice.billedTo, memberNumber: '' },
      lines: [{ applicationModuleId: null, moduleCode: 'CWI', moduleTitle: 'Certification: Certified Welding Inspector', feeBasis: 'nonMember', isRequired: true, amountCents: 40000 }],
      subtotalCents: 40000,
      discountCents: 0,
      couponCode: null,
      gstCents: 3636,
      totalCents: 40000,
    };
    const text = await textOfPdf(await renderInvoicePdf(paid));
    expect(text).toEqual(expect.arrayContaining(['Paid 02-Jul-2026', 'Non-member', 'Certification: Certified Welding Inspector', '$400.00', '$36.36']));
    expect(text.some((t) => t.startsWith('Discount'))).toBe(false);
    expect(text.some((t) => t.startsWith('Member number'))).toBe(false);
  });
});
