import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';

/** Library document types (spec section 9). */
export const LIBRARY_DOCUMENT_TYPES = [
  'Other',
  'Welding Procedure',
  'Publication',
  'Specification',
  'Alerts',
  'Certification',
  'Formula Sheets',
  'Instructions',
  'Qualification',
] as const;
export type LibraryDocumentType = (typeof LIBRARY_DOCUMENT_TYPES)[number];

/** The six access flags of the document form (spec section 3), with their labels. */
export const LIBRARY_ACCESS_FLAGS = [
  'isForExternalUsers',
  'isForInternalUsers',
  'isForIndividualMembers',
  'isForCurrentIndividualMembers',
  'isForCorporateMembers',
  'isForCurrentCorporateMembers',
] as const;
export type LibraryAccessFlag = (typeof LIBRARY_ACCESS_FLAGS)[number];
export const LIBRARY_ACCESS_FLAG_LABELS: Record<LibraryAccessFlag, string> = {
  isForExternalUsers: 'External users',
  isForInternalUsers: 'Internal users',
  isForIndividualMembers: 'Individual member',
  isForCurrentIndividualMembers: 'Current individual member only',
  isForCorporateMembers: 'Corporate member',
  isForCurrentCorporateMembers: 'Current corporate member only',
};

export const LIBRARY_DOCUMENT_MESSAGES = {
  numberRequired: 'Document Number is required',
  numberMax: 'Document Number must be at most 32 characters',
  titleRequired: 'Document Title is required',
  titleMax: 'Document Title must be at most 200 characters',
  dateRequired: 'Document Date is required',
  revisionRequired: 'Revision is required',
  revisionMax: 'Revision must be at most 16 characters',
  typeRequired: 'Document Type is required',
  commentsMax: 'Comments must be at most 1000 characters',
  fileRequired: 'A file is required',
  accessRequired: 'Choose at least one access option',
  numberTaken: 'A document with this number exists already',
  sameRevision: 'A new revision needs a revision other than the current one',
  notFound: 'Document not found',
  retired: 'This document is retired',
  notAllowed: 'Your membership does not give access to this document',
} as const;

const accessFlags = {
  isForExternalUsers: z.boolean().default(false),
  isForInternalUsers: z.boolean().default(false),
  isForIndividualMembers: z.boolean().default(false),
  isForCurrentIndividualMembers: z.boolean().default(false),
  isForCorporateMembers: z.boolean().default(false),
  isForCurrentCorporateMembers: z.boolean().default(false),
};

const documentFields = {
  documentNumber: z.string({ error: LIBRARY_DOCUMENT_MESSAGES.numberRequired }).trim().min(1, LIBRARY_DOCUMENT_MESSAGES.numberRequired).max(32, LIBRARY_DOCUMENT_MESSAGES.numberMax),
  documentTitle: z.string({ error: LIBRARY_DOCUMENT_MESSAGES.titleRequired }).trim().min(1, LIBRARY_DOCUMENT_MESSAGES.titleRequired).max(200, LIBRARY_DOCUMENT_MESSAGES.titleMax),
  documentDate: z.iso.date({ error: LIBRARY_DOCUMENT_MESSAGES.dateRequired }),
  revision: z.string({ error: LIBRARY_DOCUMENT_MESSAGES.revisionRequired }).trim().min(1, LIBRARY_DOCUMENT_MESSAGES.revisionRequired).max(16, LIBRARY_DOCUMENT_MESSAGES.revisionMax),
  documentType: z.enum(LIBRARY_DOCUMENT_TYPES, { error: LIBRARY_DOCUMENT_MESSAGES.typeRequired }),
  comments: z.string().trim().max(1000, LIBRARY_DOCUMENT_MESSAGES.commentsMax).default(''),
  /** A saved upload of the caller's (the attachment flow). */
  attachmentId: z.uuid({ error: LIBRARY_DOCUMENT_MESSAGES.fileRequired }),
  ...accessFlags,
};

function atLeastOneFlag(value: Record<LibraryAccessFlag, boolean>, ctx: z.RefinementCtx): void {
  if (!LIBRARY_ACCESS_FLAGS.some((flag) => value[flag])) ctx.addIssue({ code: 'custom', path: ['isForExternalUsers'], message: LIBRARY_DOCUMENT_MESSAGES.accessRequired });
}

/** Add or edit a document (`POST api/librarydocument`, `POST api/librarydocument/update/{id}`). */
export const LibraryDocumentRequest = z.strictObject(documentFields).superRefine(atLeastOneFlag);
export type LibraryDocumentRequest = z.input<typeof LibraryDocumentRequest>;

/** A new revision: the old one goes to the history (`POST api/librarydocument/{id}/revise`). */
export const ReviseLibraryDocumentRequest = z.strictObject({
  revision: documentFields.revision,
  documentTitle: documentFields.documentTitle,
  documentDate: documentFields.documentDate,
  comments: documentFields.comments,
  attachmentId: documentFields.attachmentId,
});
export type ReviseLibraryDocumentRequest = z.input<typeof ReviseLibraryDocumentRequest>;

export const LibraryDocumentRevision = z.object({
  id: z.string(),
  revision: z.string(),
  documentTitle: z.string(),
  documentDate: z.string(),
  comments: z.string(),
  fileName: z.string().nullable(),
  supersededOn: z.string(),
});

/** The spec's documents table: Document Number, Title, Type, Date, Revision; and who may read it (staff's list shows it). */
export const LibraryDocumentRow = z.object({
  id: z.string(),
  documentNumber: z.string(),
  documentTitle: z.string(),
  documentType: z.string(),
  documentDate: z.string(),
  revision: z.string(),
  fileName: z.string().nullable(),
  isRetired: z.boolean(),
  /** The access flags that are set, in the form's order. */
  access: z.array(z.enum(LIBRARY_ACCESS_FLAGS)),
});
export type LibraryDocumentRow = z.infer<typeof LibraryDocumentRow>;

export const LibraryDocument = LibraryDocumentRow.extend({
  comments: z.string(),
  attachmentId: z.string().nullable(),
  isForExternalUsers: z.boolean(),
  isForInternalUsers: z.boolean(),
  isForIndividualMembers: z.boolean(),
  isForCurrentIndividualMembers: z.boolean(),
  isForCorporateMembers: z.boolean(),
  isForCurrentCorporateMembers: z.boolean(),
  retiredOn: z.string().nullable(),
  revisions: z.array(LibraryDocumentRevision),
});
export type LibraryDocument = z.infer<typeof LibraryDocument>;

export const LibraryDocumentQuery = z.strictObject({
  ...pagingShape,
  searchTerm: z.string().max(200).optional(),
  documentType: z.enum(LIBRARY_DOCUMENT_TYPES).optional(),
  /** Staff only: retired documents too. */
  includeRetired: z.enum(['true', 'false']).optional(),
});
export type LibraryDocumentQuery = z.input<typeof LibraryDocumentQuery>;
export const LibraryDocumentPage = pagedResponse(LibraryDocumentRow);
export type LibraryDocumentPage = z.infer<typeof LibraryDocumentPage>;

export const LibraryDocumentDownload = z.object({ url: z.string(), fileName: z.string() });

/** Who reads the library, as the access rule sees them today. */
export interface LibraryReader {
  kind: 'staff' | 'applicant';
  /** A staff-confirmed individual membership (any dates), and whether it is current today. */
  individual: { isMember: boolean; isCurrent: boolean };
  /** The corporate membership that applies (the employer company's, or the applicant's own confirmed corporate one). */
  corporate: { isMember: boolean; isCurrent: boolean };
}

/**
 * Whether a reader may see a document by its flags (pure; the server applies it to every read and
 * download). External users: every applicant. Internal users: staff. Member flags: a membership
 * confirmed by staff; the current-only flags also need it current today.
 */
export function mayReadLibraryDocument(flags: Record<LibraryAccessFlag, boolean>, reader: LibraryReader): boolean {
  if (reader.kind === 'staff') return flags.isForInternalUsers;
  if (flags.isForExternalUsers) return true;
  if (flags.isForIndividualMembers && reader.individual.isMember) return true;
  if (flags.isForCurrentIndividualMembers && reader.individual.isCurrent) return true;
  if (flags.isForCorporateMembers && reader.corporate.isMember) return true;
  if (flags.isForCurrentCorporateMembers && reader.corporate.isCurrent) return true;
  return false;
}

/** Whether a membership with these dates (Sydney days, inclusive; null: open) is current on `today`. */
export function isMembershipCurrentOn(today: string, startsOn: string | null, endsOn: string | null): boolean {
  return (!startsOn || startsOn <= today) && (!endsOn || today <= endsOn);
}
