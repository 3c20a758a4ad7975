import type { AllowedDocumentType } from '@certs/shared/attachment/attachment.contract';

/** How many bytes are enough to tell the allowed types apart. */
export const SNIFF_LENGTH = 4096;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

/**
 * Tells a document's type from its first bytes (magic numbers), never from its name.
 * Office files are zip (OOXML) or OLE compound files; the zip's first entries name the application.
 */
export function detectDocumentType(bytes: Buffer): AllowedDocumentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const text = bytes.toString('latin1');
    if (text.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (text.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (text.includes('ppt/')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    return null;
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // Legacy Office: the compound file names its stream; Word and Excel are told apart by it.
    const text = bytes.toString('utf16le');
    if (text.includes('Workbook') || text.includes('Book')) return 'application/vnd.ms-excel';
    return 'application/msword';
  }
  return null;
}
