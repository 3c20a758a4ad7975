import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';
import { applications } from './application';
import { programs } from './program';
import { applicants } from './user';

/** Hands out each award's index in the credential status lists; an index is never reused. */
export const awardStatusListIndexSeq = pgSequence('award_status_list_index_seq', { startWith: 0, minValue: 0 });

/**
 * An award held by an applicant (issue 16, decision 017): created with the status move that awards
 * an application, in the same transaction. `status` is the award's own state (shared
 * `award/award-status.ts`); the application's status follows the shared transition table.
 */
export const awards = pgTable(
  'awards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    programType: smallint('program_type').notNull(),
    /** Awarded, Confirmation, Cancellation, Revalidation or Renewal (spec section 4). */
    awardType: text('award_type').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    awardedOn: date('awarded_on', { mode: 'string' }).notNull(),
    /** End of validity (Certification and AICIP: the program's renewal period); null: no expiry. */
    expiresOn: date('expires_on', { mode: 'string' }),
    status: text('status').notNull().default('current'),
    /** The reason of the last action that changed the status (hold, cancel, withdraw). */
    statusReason: text('status_reason'),
    /** The certificate PDF in storage, generated for `certificateVersion`; null until generated. */
    certificateKey: text('certificate_key'),
    certificateGeneratedOn: timestamp('certificate_generated_on', { withTimezone: true, mode: 'date' }),
    /** Bumped by every change that a certificate shows, so a stale PDF is regenerated. */
    certificateVersion: integer('certificate_version').notNull().default(1),
    certificateGeneratedVersion: integer('certificate_generated_version'),
    /** The award's bit in the published credential status lists (suspension and revocation). */
    statusListIndex: integer('status_list_index')
      .notNull()
      .default(sql`nextval('award_status_list_index_seq')`),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('awards_certificate_number_unique').on(t.certificateNumber),
    // Numbers are looked up forgiving letter case (verification, the legacy import's collision check, a chunk at a time).
    index('awards_certificate_number_lower_idx').on(sql`lower(${t.certificateNumber})`),
    uniqueIndex('awards_status_list_index_unique').on(t.statusListIndex),
    // One initial award per application, however many staff submit the result at once.
    uniqueIndex('awards_application_awarded_unique').on(t.applicationId).where(sql`award_type = 'Awarded'`),
    index('awards_applicant_idx').on(t.applicantId),
    // Deleting an application (a legacy import's undo) checks the awards that refer to it: without it, a scan each.
    index('awards_application_idx').on(t.applicationId),
    index('awards_program_status_idx').on(t.programId, t.status),
  ],
);

/** Every action on an award: who, when, what and why. */
export const awardHistory = pgTable(
  'award_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    ...auditColumns,
  },
  (t) => [index('award_history_award_idx').on(t.awardId, t.id)],
);

/** The last certificate number per series (a program, or `default`), taken under this row's lock: gap-free, never reused. */
export const certificateNumberCounters = pgTable('certificate_number_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export interface CertificateTemplateField {
  /** Which value is printed (shared `certificate/certificate-template.contract.ts`). */
  field: string;
  /** Position of the anchor in points from the page's top-left corner. */
  x: number;
  y: number;
  fontSize: number;
  font: string;
  align: 'left' | 'center' | 'right';
  /** Width of an image field (signature, QR code) in points. */
  width?: number;
}

/** A certificate design: a one-page background and the fields placed on it. */
export const certificateTemplates = pgTable('certificate_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: owningAccount(),
  title: text('title').notNull(),
  orientation: text('orientation', { enum: ['portrait', 'landscape'] }).notNull().default('landscape'),
  /** Storage key and type of the background (PDF, PNG or JPEG); null: a plain page. */
  backgroundKey: text('background_key'),
  backgroundContentType: text('background_content_type'),
  signatureKey: text('signature_key'),
  signatureContentType: text('signature_content_type'),
  fields: jsonb('fields').$type<CertificateTemplateField[]>().notNull().default(sql`'[]'::jsonb`),
  ...auditColumns,
});

/** Which template a program's certificates use (`PUT certificatetemplate/program/{id}/template`). */
export const programCertificateTemplates = pgTable('program_certificate_templates', {
  programId: uuid('program_id')
    .primaryKey()
    .references(() => programs.id),
  templateId: uuid('template_id')
    .notNull()
    .references(() => certificateTemplates.id),
  ...auditColumns,
});
