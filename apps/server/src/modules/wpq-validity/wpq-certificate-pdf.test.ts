import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { calculateRange, type RangeInput } from '@certs/shared/wpq/wpq-range';
import type { WpqConfirmation, WpqValidity } from '@certs/shared/wpq/wpq-validity.contract';
import { textOfPdf } from '../pre-exam/pdf-text';
import { certificateVariables, renderWpqCertificatePdf, type WpqCertificateContent } from './wpq-certificate-pdf';
import { PLATE_BUTT_135 } from './wpq-validity-test-records';

/** The record as the certificate reads it: the issue's plate butt weld in PF, with what Annex A prints beside the range. */
const RECORD = {
  ...PLATE_BUTT_135,
  parentMaterial1Group: 1,
  parentMaterial1Subgroup: '1.1',
  parentMaterial1Specification: 'AS/NZS 3678-250',
  fillerMaterialTradeName: 'Austmig ES6',
  auxiliaries: 'Ceramic backing strip',
  shieldingGas: 'M21',
  typeOfCurrentAndPolarity: 'DC+',
  depositThickness: 10,
  layerTechnique: 'ml',
};

function rangeOf(input: RangeInput) {
  const outcome = calculateRange(input);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.fieldErrors));
  return outcome.range;
}

function content(overrides: Partial<WpqCertificateContent> = {}): WpqCertificateContent {
  const range = rangeOf(PLATE_BUTT_135);
  return {
    awardingBodyName: 'Welding Certification Board',
    certificateNumber: 'WQ-2026-0042',
    standard: 'ISO 9606-1:2017',
    verifyUrl: 'https://certs.example.test/verify/WQ-2026-0042',
    welderName: 'Wendy Welder',
    photograph: null,
    identification: 'DL 12345678',
    methodOfIdentification: 'Driver licence',
    dateOfBirth: '1990-04-02',
    placeOfBirth: 'Newcastle',
    employer: 'Hunter Fabrication',
    wpsReference: 'WPS-135-01 rev. B',
    acceptanceCriteria: 'ISO 5817 level B; 501 to 504 and 5214 at level C',
    examinerName: 'Erin Examiner',
    examinerReference: 'TC-7 (Hunter Weld Testing)',
    jobKnowledge: 'Acceptable',
    placeOfTesting: 'Hunter Weld Testing, Newcastle',
    testDate: '2026-01-20',
    issueDate: '2026-01-27',
    validityOption: '9.3b',
    variables: certificateVariables(RECORD, range),
    designations: range.designations,
    tests: [
      { method: 'Visual testing', result: 'Accepted', note: '' },
      { method: 'Bend test', result: 'Accepted', note: 'value 2' },
    ],
    numOfConfirmation: 4,
    validity: null,
    revalidationApprovers: {},
    ...overrides,
  };
}

const textOf = async (bytes: Uint8Array) => (await textOfPdf(bytes)).join('\n');

/** Each page's drawing operators, decoded. */
async function operatorsOf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    return streams.map((stream) => Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : (stream as PDFStream).getContents()).toString('latin1')).join('\n');
  });
}

/** The outlined (not filled) rectangles a page draws, as [width, height]: the photograph's box and the signature boxes. */
function outlinedBoxes(operators: string): [number, number][] {
  return [...operators.matchAll(/0 0 m\n0 ([\d.]+) l\n([\d.]+) [\d.]+ l\n[\d.]+ 0 l\nh\nS/g)].map((match) => [Number(match[2]), Number(match[1])]);
}

/** Where each text line of a page starts: its baseline's height from the page's foot. */
function baselinesOf(operators: string): number[] {
  return [...operators.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm/g)].map((match) => Number(match[2]));
}

const confirmed = (sequence: number): WpqConfirmation => ({
  id: `c${sequence}`,
  sequence,
  dueOn: '2026-07-20',
  confirmedOn: '2026-07-10',
  confirmedBy: 'employer',
  confirmerName: 'Casey Coordinator',
  confirmerPosition: 'Welding coordinator',
  companyName: 'Hunter Fabrication',
  evidenceNote: '',
  evidenceAttachmentIds: [],
});

describe('the welder qualification certificate (ISO 9606-1 Annex A)', () => {
  it("prints a plate test's pipe range as the engine answers it: fixed pipe from D 500 mm, rotating pipe from D 75 mm in PA", async () => {
    const text = await textOf(await renderWpqCertificatePdf(content()));
    expect(text).toContain('plate; fixed pipe D 500 mm and up; rotating pipe D 75 mm and up in PA');
    expect(text).not.toMatch(/plate; pipe D 75 mm/);
  });

  it('prints a long employer in full, wrapped within its column, never cut short', async () => {
    const employer = 'Illawarra Steel Fabricators and Heavy Engineering Services Pty Ltd';
    const lines = await textOfPdf(await renderWpqCertificatePdf(content({ employer })));
    const at = lines.findIndex((line) => line.startsWith('Illawarra'));
    expect(lines.slice(at, at + 3).join(' ')).toContain(employer);
    expect(lines.some((line) => line.endsWith('.') && line.startsWith('Illawarra'))).toBe(false);
  });

  it("prints the record's parent material specification, filler trade name, auxiliaries and acceptance criteria", async () => {
    const text = await textOf(await renderWpqCertificatePdf(content()));
    expect(text).toContain('Parent material specification\nAS/NZS 3678-250');
    expect(text).toContain('Filler material trade name\nAustmig ES6');
    expect(text).toContain('Auxiliaries (recorded)\nCeramic backing strip');
    expect(text).toContain('Acceptance criteria\nISO 5817 level B; 501 to 504 and 5214 at level C');
  });

  it("has the examiner's signature box on issue, and a signature column in the confirmation (9.2) and revalidation (9.3) tables", async () => {
    const bytes = await renderWpqCertificatePdf(content());
    const text = await textOf(bytes);
    expect(text).toContain('Signature of examiner');
    expect(text).toContain('Due\nDate\nName\nPosition or title\nBy\nSignature');
    expect(text).toContain('Date\nValid until\nEvidence\nSignature\nPosition or title');
    const [page] = await operatorsOf(bytes);
    const boxes = outlinedBoxes(page!);
    // The photograph's box, the examiner's box and one box to sign in on each empty row: 4 confirmations and 2 revalidations.
    expect(boxes.filter(([, height]) => height === 64)).toHaveLength(1);
    expect(boxes.filter(([, height]) => height === 24)).toHaveLength(1);
    expect(boxes.filter(([, height]) => height === 15)).toHaveLength(6);
  });

  it('says in the signature column when a row was made on the platform, and leaves a box only on the rows still to sign', async () => {
    const validity = {
      isValid: true,
      validUntil: '2028-01-20',
      confirmations: [confirmed(1)],
      revalidations: [{ id: 'r1', status: 'approved', welds: [{ description: 'Pressure pipe spool 14', testMethod: 'Radiography' }], revalidatedOn: '2027-12-01', validUntilAfter: '2030-01-20' }],
    } as unknown as WpqValidity;
    const bytes = await renderWpqCertificatePdf(content({ validity, revalidationApprovers: { r1: 'Morgan Manager' } }));
    const text = await textOf(bytes);
    expect(text).toContain('Casey Coordinator\nWelding coordinator\nHunter Fabrication\nConfirmed on the platform');
    expect(text).toMatch(/Approved on the platform by\s+Morgan Manager/);
    const [page] = await operatorsOf(bytes);
    expect(outlinedBoxes(page!).filter(([, height]) => height === 15)).toHaveLength(3 + 1);
  });

  it('is one A4 page for a usual record; many confirmations go on to a second page, nothing below the margin', async () => {
    const usual = await PDFDocument.load(await renderWpqCertificatePdf(content()));
    expect(usual.getPageCount()).toBe(1);
    expect(usual.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    // Six confirmations (3 years of 9.3 a) still fit with the revalidation table.
    expect((await PDFDocument.load(await renderWpqCertificatePdf(content({ numOfConfirmation: 6 })))).getPageCount()).toBe(1);

    const many = await renderWpqCertificatePdf(content({ numOfConfirmation: 14, stamp: 'EXPIRED - NOT VALID' }));
    const pages = await operatorsOf(many);
    expect(pages).toHaveLength(2);
    for (const operators of pages) expect(Math.min(...baselinesOf(operators))).toBeGreaterThanOrEqual(36);
    const text = await textOfPdf(many);
    expect(text).toContain('Welder qualification certificate WQ-2026-0042 (continued)');
    // The confirmation table goes on under its header again.
    expect(text.filter((line) => line === 'Due')).toHaveLength(2);
    // The stamp is across every page, so no page passes as current on its own.
    expect(text.filter((line) => line === 'EXPIRED - NOT VALID')).toHaveLength(2);
  });
});
