import dayjs from 'dayjs';
import { z } from 'zod';

/**
 * Certificate templates (issue 16, decision 019): a one-page A4 background (PDF, PNG or JPEG, or a
 * plain page) and the fields placed on it. Positions are PDF points (1/72 inch) measured from the
 * page's top-left corner; a text field's `y` is its baseline, an image field's `y` its top edge.
 */
export const A4_POINTS = { width: 595.28, height: 841.89 } as const;
export const TEMPLATE_ORIENTATIONS = ['landscape', 'portrait'] as const;
export type TemplateOrientation = (typeof TEMPLATE_ORIENTATIONS)[number];

export function pageSizeOf(orientation: TemplateOrientation): { width: number; height: number } {
  return orientation === 'landscape' ? { width: A4_POINTS.height, height: A4_POINTS.width } : { ...A4_POINTS };
}

/** The values a certificate prints; `kind` says whether it is drawn as text or as an image. */
export const CERTIFICATE_FIELDS = {
  holderName: { label: 'Holder name', kind: 'text' },
  holderNumber: { label: 'Member ID', kind: 'text' },
  programCode: { label: 'Program code', kind: 'text' },
  programTitle: { label: 'Program title', kind: 'text' },
  scheme: { label: 'Scheme or standard', kind: 'text' },
  scope: { label: 'Scope', kind: 'text' },
  certificateNumber: { label: 'Certificate number', kind: 'text' },
  awardDate: { label: 'Award date', kind: 'text' },
  expiryDate: { label: 'Expiry date', kind: 'text' },
  awardingBodyName: { label: 'Awarding body name', kind: 'text' },
  signature: { label: 'Signature', kind: 'image' },
  qrCode: { label: 'QR code', kind: 'image' },
} as const satisfies Record<string, { label: string; kind: 'text' | 'image' }>;
export type CertificateFieldName = keyof typeof CERTIFICATE_FIELDS;
export const CERTIFICATE_FIELD_NAMES = Object.keys(CERTIFICATE_FIELDS) as [CertificateFieldName, ...CertificateFieldName[]];

/** The standard PDF fonts pdf-lib embeds without a font file (WinAnsi text). */
export const CERTIFICATE_FONTS = ['Helvetica', 'Helvetica-Bold', 'Times-Roman', 'Times-Bold', 'Courier'] as const;
export type CertificateFont = (typeof CERTIFICATE_FONTS)[number];
export const FIELD_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type FieldAlignment = (typeof FIELD_ALIGNMENTS)[number];

/** Types a background may be (from its bytes) and a signature may be. */
export const BACKGROUND_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const SIGNATURE_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;

export const FONT_SIZE_RANGE = { min: 6, max: 96 } as const;
export const IMAGE_WIDTH_RANGE = { min: 24, max: 400 } as const;
export const TITLE_MAX = 200;
export const PREFIX_MAX = 60;
/** Bulk generation works through a program's awards this many at a time; the client loops and shows progress. */
export const GENERATE_BATCH_MAX = 25;

export const CERTIFICATE_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${TITLE_MAX} characters`,
  prefixTooLong: `Text before the value must be at most ${PREFIX_MAX} characters`,
  fieldUnknown: 'Choose a field from the list',
  fieldTwice: (label: string) => `${label} is placed more than once`,
  xOutside: 'X must be on the page',
  yOutside: 'Y must be on the page',
  fontSizeRange: `Font size must be between ${FONT_SIZE_RANGE.min} and ${FONT_SIZE_RANGE.max}`,
  fontUnknown: `Font must be one of ${CERTIFICATE_FONTS.join(', ')}`,
  widthRange: `Width must be between ${IMAGE_WIDTH_RANGE.min} and ${IMAGE_WIDTH_RANGE.max} points`,
  widthRequired: 'An image field needs a width',
  noSignature: 'Upload a signature image before placing the signature',
  backgroundType: 'The background must be a one-page PDF, a PNG or a JPEG image',
  backgroundPages: 'The background PDF must have exactly one page',
  backgroundNotA4: 'The background PDF must be an A4 page',
  backgroundOrientation: (orientation: TemplateOrientation) => `The background is not ${orientation}; choose the orientation of its page`,
  backgroundShape: 'The background image must have the proportions of an A4 page (1 : 1.414)',
  backgroundUnreadable: 'The background file could not be read',
  signatureType: 'The signature must be a PNG or a JPEG image',
  signatureUnreadable: 'The signature image could not be read',
  uploadNotFound: 'The uploaded file was not found; upload it again',
  notFound: 'Certificate template not found',
  programNotFound: 'Program not found',
  /** ISO/IEC 17024 9.4.8: a template assigned to a program prints everything that program's certificates must state. */
  templateLacks: (labels: readonly string[]) => `The template lacks: ${labels.join(', ')}`,
  /** A template in use may not lose what one of its programs needs. */
  templateInUseLacks: (labels: readonly string[], programCodes: readonly string[]) => `The template lacks: ${labels.join(', ')} (needed by ${programCodes.join(', ')}, which use it)`,
  selectionRequired: 'Choose the awards or the program to generate certificates for',
  tooMany: `At most ${GENERATE_BATCH_MAX} awards at a time`,
  awardNotFound: 'Award not found',
  generated: 'Generated',
  forbidden: 'You may not manage certificates of this program',
} as const;

const coordinate = (message: string) => z.number({ error: message }).min(0, message).max(A4_POINTS.height, message);

export const CertificateTemplateField = z.strictObject({
  field: z.enum(CERTIFICATE_FIELD_NAMES, { error: CERTIFICATE_MESSAGES.fieldUnknown }),
  x: coordinate(CERTIFICATE_MESSAGES.xOutside),
  y: coordinate(CERTIFICATE_MESSAGES.yOutside),
  fontSize: z.number({ error: CERTIFICATE_MESSAGES.fontSizeRange }).min(FONT_SIZE_RANGE.min, CERTIFICATE_MESSAGES.fontSizeRange).max(FONT_SIZE_RANGE.max, CERTIFICATE_MESSAGES.fontSizeRange),
  font: z.enum(CERTIFICATE_FONTS, { error: CERTIFICATE_MESSAGES.fontUnknown }),
  align: z.enum(FIELD_ALIGNMENTS),
  /** Text fields: words printed before the value, e.g. "Certificate number: ". */
  prefix: z.string().max(PREFIX_MAX, CERTIFICATE_MESSAGES.prefixTooLong).optional(),
  /** Images only: the drawn width in points (a QR code is square; a signature keeps its proportions). */
  width: z.number({ error: CERTIFICATE_MESSAGES.widthRange }).min(IMAGE_WIDTH_RANGE.min, CERTIFICATE_MESSAGES.widthRange).max(IMAGE_WIDTH_RANGE.max, CERTIFICATE_MESSAGES.widthRange).optional(),
});
export type CertificateTemplateField = z.infer<typeof CertificateTemplateField>;

/**
 * A file for the background or the signature: `{ attachmentId }` of a file the caller just uploaded
 * (the attachment flow: presign, PUT, save), `null` to remove it; left out, an existing template
 * keeps its own.
 */
const TemplateFile = z.union([z.null(), z.strictObject({ attachmentId: z.uuid({ error: CERTIFICATE_MESSAGES.uploadNotFound }) })]).optional();

const templateShape = {
  title: z.string({ error: CERTIFICATE_MESSAGES.titleRequired }).trim().min(1, CERTIFICATE_MESSAGES.titleRequired).max(TITLE_MAX, CERTIFICATE_MESSAGES.titleTooLong),
  orientation: z.enum(TEMPLATE_ORIENTATIONS),
  fields: z.array(CertificateTemplateField).max(CERTIFICATE_FIELD_NAMES.length * 2),
  background: TemplateFile,
  signature: TemplateFile,
};

/** Every problem of a template's fields at once, by path, so the form and the API say the same. */
export function templateFieldIssues(value: { orientation: TemplateOrientation; fields: readonly CertificateTemplateField[] }): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const page = pageSizeOf(value.orientation);
  const seen = new Set<string>();
  value.fields.forEach((field, index) => {
    const label = CERTIFICATE_FIELDS[field.field]?.label ?? field.field;
    if (seen.has(field.field)) issues.push({ path: ['fields', index, 'field'], message: CERTIFICATE_MESSAGES.fieldTwice(label) });
    seen.add(field.field);
    if (field.x > page.width) issues.push({ path: ['fields', index, 'x'], message: CERTIFICATE_MESSAGES.xOutside });
    if (field.y > page.height) issues.push({ path: ['fields', index, 'y'], message: CERTIFICATE_MESSAGES.yOutside });
    if (CERTIFICATE_FIELDS[field.field]?.kind === 'image' && field.width === undefined) issues.push({ path: ['fields', index, 'width'], message: CERTIFICATE_MESSAGES.widthRequired });
  });
  return issues;
}

function withFieldIssues<T extends z.ZodType<{ orientation: TemplateOrientation; fields: CertificateTemplateField[] }>>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    for (const issue of templateFieldIssues(value)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }) as unknown as T;
}

/** `POST certificatetemplate` and `POST certificatetemplate/update/{id}`. */
export const CertificateTemplateRequest = withFieldIssues(z.strictObject(templateShape));
export type CertificateTemplateRequest = z.infer<typeof CertificateTemplateRequest>;

/** `POST certificatetemplate/preview`: a draft, drawn with sample values; `templateId` lends its stored files. */
export const CertificateTemplatePreviewRequest = withFieldIssues(
  z.strictObject({ ...templateShape, title: z.string().max(TITLE_MAX).optional(), templateId: z.uuid().optional() }),
);
export type CertificateTemplatePreviewRequest = z.infer<typeof CertificateTemplatePreviewRequest>;

export const TemplateProgram = z.object({ id: z.string(), programCode: z.string(), programTitle: z.string() });
export type TemplateProgram = z.infer<typeof TemplateProgram>;

export const CertificateTemplate = z.object({
  id: z.string(),
  title: z.string(),
  orientation: z.enum(TEMPLATE_ORIENTATIONS),
  fields: z.array(CertificateTemplateField),
  background: z.object({ contentType: z.string() }).nullable(),
  signature: z.object({ contentType: z.string() }).nullable(),
  /** The template used by programs that have none assigned (the oldest template). */
  isDefault: z.boolean(),
  programs: z.array(TemplateProgram),
  modifiedOn: z.string(),
});
export type CertificateTemplate = z.infer<typeof CertificateTemplate>;

export const CertificateTemplateRow = CertificateTemplate.omit({ fields: true });
export type CertificateTemplateRow = z.infer<typeof CertificateTemplateRow>;
export const CertificateTemplateList = z.array(CertificateTemplateRow);

/** `PUT certificatetemplate/program/{id}/template`. */
export const AssignTemplateRequest = z.strictObject({ templateId: z.uuid({ error: CERTIFICATE_MESSAGES.notFound }) });

/** Programs a template may be assigned to by the caller (those they manage), with the template each uses now. */
export const AssignableProgram = TemplateProgram.extend({ templateId: z.string().nullable(), programType: z.number().int() });
export const AssignableProgramList = z.array(AssignableProgram);
export type AssignableProgram = z.infer<typeof AssignableProgram>;

/**
 * `POST certificatetemplate/generate`: given awards, or one program's awards a batch at a time
 * (`after` is the last award id of the previous batch). Every certificate is made afresh.
 */
export const GenerateCertificatesRequest = z
  .strictObject({
    awardIds: z.array(z.uuid({ error: CERTIFICATE_MESSAGES.awardNotFound })).min(1, CERTIFICATE_MESSAGES.selectionRequired).max(GENERATE_BATCH_MAX, CERTIFICATE_MESSAGES.tooMany).optional(),
    programId: z.uuid({ error: CERTIFICATE_MESSAGES.programNotFound }).optional(),
    after: z.uuid().optional(),
  })
  .refine((value) => !!value.awardIds !== !!value.programId, { message: CERTIFICATE_MESSAGES.selectionRequired, path: ['awardIds'] });
export type GenerateCertificatesRequest = z.infer<typeof GenerateCertificatesRequest>;

export const GenerateResult = z.object({
  awardId: z.string(),
  certificateNumber: z.string().nullable(),
  ok: z.boolean(),
  message: z.string(),
});
export type GenerateResult = z.infer<typeof GenerateResult>;
export const GenerateCertificatesResponse = z.object({
  results: z.array(GenerateResult),
  /** A program's run: how many awards it has, and the id to pass as `after` for the next batch (null when done). */
  total: z.number().int(),
  next: z.string().nullable(),
});
export type GenerateCertificatesResponse = z.infer<typeof GenerateCertificatesResponse>;

/** What a certificate shows, for one award (or the designer's sample). */
export interface CertificateValues {
  holderName: string;
  /** The holder's member ID; empty for a non-member, whose certificate leaves the line off. */
  holderNumber: string;
  programCode: string;
  programTitle: string;
  /** The scheme the certificate is issued under: the program's title, or a welder qualification's standard. */
  scheme: string;
  /** What the certification covers: the modules passed, else the program's title. */
  scope: string;
  certificateNumber: string;
  awardDate: string;
  expiryDate: string;
  awardingBodyName: string;
  /** What the QR code opens: the public verification page of the certificate. */
  verifyUrl: string;
}

/** "26 November 2026": dates as a certificate prints them (award and expiry are calendar dates). */
export function formatCertificateDate(day: string | null): string {
  if (!day) return 'No expiry';
  const parsed = dayjs(day, 'YYYY-MM-DD');
  return parsed.isValid() ? parsed.format('D MMMM YYYY') : day;
}

export function verifyPathOf(certificateNumber: string): string {
  return `/verify/${encodeURIComponent(certificateNumber)}`;
}

export const SAMPLE_CERTIFICATE_VALUES: Omit<CertificateValues, 'awardingBodyName' | 'verifyUrl'> = {
  holderName: 'Alex Sample',
  holderNumber: 'M-000123',
  programCode: 'C-SAMPLE',
  programTitle: 'Certified Welding Supervisor',
  scheme: 'Certified Welding Supervisor',
  scope: 'Welding coordination, Quality and inspection',
  certificateNumber: 'CERT-2026-0001',
  awardDate: '26 November 2026',
  expiryDate: '26 November 2031',
};

/** Text on a certificate whose award is not current: it says so across the page. */
export const NOT_CURRENT_STAMP: Record<string, string> = {
  'on hold': 'ON HOLD - NOT VALID',
  cancelled: 'CANCELLED - NOT VALID',
  withdrawn: 'WITHDRAWN - NOT VALID',
  expired: 'EXPIRED - NOT VALID',
};

/**
 * The clean default layout (the demo seed's template, and a new template's starting point):
 * landscape A4, a plain page the generator frames with a border.
 */
export const DEFAULT_TEMPLATE_FIELDS: CertificateTemplateField[] = [
  { field: 'awardingBodyName', x: 421, y: 105, fontSize: 20, font: 'Helvetica-Bold', align: 'center' },
  { field: 'holderName', x: 421, y: 230, fontSize: 32, font: 'Times-Bold', align: 'center' },
  { field: 'programTitle', x: 421, y: 290, fontSize: 18, font: 'Times-Roman', align: 'center', prefix: 'has been awarded ' },
  { field: 'programCode', x: 421, y: 318, fontSize: 12, font: 'Helvetica', align: 'center', prefix: 'Program ' },
  { field: 'scope', x: 421, y: 346, fontSize: 12, font: 'Helvetica', align: 'center', prefix: 'Scope: ' },
  { field: 'certificateNumber', x: 90, y: 430, fontSize: 12, font: 'Helvetica-Bold', align: 'left', prefix: 'Certificate number: ' },
  { field: 'holderNumber', x: 90, y: 450, fontSize: 11, font: 'Helvetica', align: 'left', prefix: 'Member ID: ' },
  { field: 'awardDate', x: 90, y: 470, fontSize: 11, font: 'Helvetica', align: 'left', prefix: 'Awarded: ' },
  { field: 'expiryDate', x: 90, y: 490, fontSize: 11, font: 'Helvetica', align: 'left', prefix: 'Valid until: ' },
  { field: 'scheme', x: 90, y: 510, fontSize: 11, font: 'Helvetica', align: 'left', prefix: 'Scheme: ' },
  { field: 'qrCode', x: 656, y: 410, fontSize: 10, font: 'Helvetica', align: 'left', width: 96 },
];

/**
 * ISO/IEC 17024 9.4.8: what every certificate states, each by the template fields that print it
 * (any one will do). The scheme is the program (its title), or for a welder qualification the
 * standard it was tested to (the Scheme or standard field prints it). The effective date is the
 * award date. A Qualification never expires ("No expiry"), so only Certification, Welder
 * Qualification and AICIP programs need the expiry date.
 */
export const CERTIFICATE_REQUIREMENTS = [
  { key: 'holderName', label: 'holder name', fields: ['holderName'] },
  { key: 'uniqueNumber', label: 'certificate number', fields: ['certificateNumber'] },
  { key: 'bodyName', label: 'awarding body name', fields: ['awardingBodyName'] },
  { key: 'scheme', label: 'scheme or standard', fields: ['scheme', 'programTitle'] },
  { key: 'scope', label: 'scope', fields: ['scope'] },
  { key: 'effectiveDate', label: 'effective date', fields: ['awardDate'] },
  { key: 'expiryDate', label: 'expiry date', fields: ['expiryDate'] },
] as const satisfies readonly { key: string; label: string; fields: readonly CertificateFieldName[] }[];
export type CertificateRequirement = { key: (typeof CERTIFICATE_REQUIREMENTS)[number]['key']; label: string; fields: readonly CertificateFieldName[] };

const WELDER_QUALIFICATION = 3;
const QUALIFICATION = 1;

/** What a program type's certificates must state, with the fields that state each. */
export function certificateRequirementsFor(programType: number): CertificateRequirement[] {
  return CERTIFICATE_REQUIREMENTS.filter((requirement) => requirement.key !== 'expiryDate' || programType !== QUALIFICATION).map((requirement) =>
    // A welder qualification names the standard it was tested to; its program's title does not.
    requirement.key === 'scheme' && programType === WELDER_QUALIFICATION ? { ...requirement, fields: ['scheme'] } : { ...requirement },
  );
}

/** The requirements a template's fields leave unstated for a program type (empty: the template will do). */
export function missingCertificateRequirements(fields: readonly { field: string }[], programType: number): CertificateRequirement[] {
  const placed = new Set(fields.map((field) => field.field));
  return certificateRequirementsFor(programType).filter((requirement) => !requirement.fields.some((name) => placed.has(name)));
}

/** The designer's checklist: each requirement, whether it is placed, and which program types need it. */
export function certificateChecklist(fields: readonly { field: string }[]): { key: CertificateRequirement['key']; label: string; fields: readonly CertificateFieldName[]; isMet: boolean; note: string | null }[] {
  const placed = new Set(fields.map((field) => field.field));
  return CERTIFICATE_REQUIREMENTS.map((requirement) => {
    const isMet = requirement.key === 'scheme' ? placed.has('scheme') : requirement.fields.some((name) => placed.has(name));
    let note: string | null = null;
    if (requirement.key === 'expiryDate') note = 'Certification, Welder Qualification and AICIP programs; a Qualification does not expire';
    if (requirement.key === 'scheme' && !isMet && placed.has('programTitle')) note = 'The program title will do, except for Welder Qualification programs, which need the standard';
    return { key: requirement.key, label: requirement.label, fields: requirement.fields, isMet, note };
  });
}
