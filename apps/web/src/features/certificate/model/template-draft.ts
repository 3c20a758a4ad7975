import {
  CERTIFICATE_FIELDS,
  SAMPLE_CERTIFICATE_VALUES,
  pageSizeOf,
  type CertificateFieldName,
  type CertificateTemplate,
  type CertificateTemplateField,
  type CertificateTemplateRequest,
  type TemplateOrientation,
} from '@certs/shared/certificate/certificate-template.contract';

/** A file slot of the draft: left out keeps the stored one, null removes it, an id uses a new upload. */
export type DraftFile = undefined | null | { attachmentId: string; name: string };

export interface TemplateDraft {
  title: string;
  orientation: TemplateOrientation;
  fields: CertificateTemplateField[];
  background: DraftFile;
  signature: DraftFile;
}

export function draftOf(template: CertificateTemplate | undefined, starting: CertificateTemplateField[]): TemplateDraft {
  if (!template) return { title: '', orientation: 'landscape', fields: starting.map((field) => ({ ...field })), background: undefined, signature: undefined };
  return { title: template.title, orientation: template.orientation, fields: template.fields.map((field) => ({ ...field })), background: undefined, signature: undefined };
}

const fileOf = (file: DraftFile) => (file === undefined || file === null ? file : { attachmentId: file.attachmentId });

export function requestOf(draft: TemplateDraft): CertificateTemplateRequest {
  return { title: draft.title, orientation: draft.orientation, fields: draft.fields, background: fileOf(draft.background), signature: fileOf(draft.signature) };
}

const SAMPLE_TEXT: Record<CertificateFieldName, string> = {
  ...SAMPLE_CERTIFICATE_VALUES,
  // About the length of an awarding body's name; the preview shows the real one.
  awardingBodyName: 'Welding Certification Board of Australia',
  signature: '',
  qrCode: '',
};

/**
 * Where a field's handle sits on the page, in points from the top-left: a text field's box spans its
 * estimated text width above the baseline; an image's box is its drawn size (a QR code is square,
 * a signature about three times as wide as it is high).
 */
export function boxOf(field: CertificateTemplateField): { left: number; top: number; width: number; height: number } {
  const isImage = CERTIFICATE_FIELDS[field.field].kind === 'image';
  const width = isImage ? (field.width ?? 96) : Math.max(24, `${field.prefix ?? ''}${SAMPLE_TEXT[field.field]}`.length * field.fontSize * 0.52);
  const height = isImage ? (field.field === 'qrCode' ? width : width / 3) : field.fontSize * 1.2;
  const left = field.align === 'center' ? field.x - width / 2 : field.align === 'right' ? field.x - width : field.x;
  const top = isImage ? field.y : field.y - field.fontSize;
  return { left, top, width, height };
}

/** Keeps an anchor on the page, in whole tenths of a point. */
export function clampToPage(orientation: TemplateOrientation, x: number, y: number): { x: number; y: number } {
  const page = pageSizeOf(orientation);
  const round = (value: number) => Math.round(value * 10) / 10;
  return { x: round(Math.min(page.width, Math.max(0, x))), y: round(Math.min(page.height, Math.max(0, y))) };
}
