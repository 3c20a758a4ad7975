import { z } from 'zod';

/** What documents may be: PDF, images and Office files, recognised from their bytes. */
export const ALLOWED_DOCUMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/msword': 'Word 97-2003 document',
  'application/vnd.ms-excel': 'Excel 97-2003 workbook',
} as const;
export type AllowedDocumentType = keyof typeof ALLOWED_DOCUMENT_TYPES;
export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** File names on screen are shortened to this many characters (spec section 9). */
export const FILE_NAME_DISPLAY_LENGTH = 25;

/** 20 MB, 64 KB, 512 bytes: sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const ATTACHMENT_MESSAGES = {
  typeNotAllowed: 'Only PDF, image (PNG, JPEG, GIF, WebP) and Office files can be uploaded',
  tooLarge: (maxBytes: number) => `The file is larger than ${formatBytes(maxBytes)}`,
  empty: 'The file is empty',
  nameRequired: 'File name is required',
  notUploaded: 'The file has not been uploaded yet',
  notFound: 'File not found',
  contentMismatch: 'The file content is not what its type says; only PDF, image and Office files can be uploaded',
  inUse: 'This file is part of an application, exam or record you have submitted, so it cannot be removed',
  photoType: 'The photograph must be a JPEG or PNG image',
} as const;

/** The profile photograph's types: those a certificate PDF can print. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
/** `POST api/attachment/profilephoto`: one of the applicant's saved images, or null to take it off. */
export const ProfilePhotoRequest = z.strictObject({ attachmentId: z.uuid({ error: ATTACHMENT_MESSAGES.notFound }).nullable() });
export type ProfilePhotoRequest = z.input<typeof ProfilePhotoRequest>;

export const AttachmentIdParams = z.strictObject({ id: z.uuid({ error: ATTACHMENT_MESSAGES.notFound }) });

export const PresignUploadRequest = z.strictObject({
  fileName: z.string().trim().min(1, ATTACHMENT_MESSAGES.nameRequired).max(255),
  contentType: z.string().refine((type) => type in ALLOWED_DOCUMENT_TYPES, ATTACHMENT_MESSAGES.typeNotAllowed),
  size: z.number().int().min(1, ATTACHMENT_MESSAGES.empty),
});
export type PresignUploadRequest = z.infer<typeof PresignUploadRequest>;

/** The client PUTs the file body to `url` with these headers, then saves the attachment. */
export const PresignUploadResponse = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  resourceKey: z.string(),
  filePath: z.string(),
  expiresOn: z.string(),
});
export type PresignUploadResponse = z.infer<typeof PresignUploadResponse>;

export const SaveAttachmentRequest = z.strictObject({ resourceKey: z.string().min(1) });
export const Attachment = z.object({
  id: z.string(),
  resourceKey: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdOn: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;

export const DownloadUrlResponse = z.object({ url: z.string(), expiresOn: z.string() });

/** "A very long file name.pdf" -> "A very long file na….pdf", keeping the extension. */
export function shortenFileName(name: string, length: number = FILE_NAME_DISPLAY_LENGTH): string {
  if (name.length <= length) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  return `${name.slice(0, Math.max(1, length - extension.length - 1))}…${extension}`;
}

/** The applicant's profile photograph, or null. */
export const ProfilePhoto = z.object({ photo: Attachment.nullable() });
export type ProfilePhoto = z.infer<typeof ProfilePhoto>;
