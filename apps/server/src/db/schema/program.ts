import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';
import { users } from './user';

export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    programCode: text('program_code').notNull(),
    programTitle: text('program_title').notNull(),
    programType: smallint('program_type').notNull(),
    programManagerId: uuid('program_manager_id').references(() => users.id),
    status: smallint('status').notNull().default(1),
    remarks: text('remarks').notNull().default(''),
    numberPatternCheck: boolean('number_pattern_check').notNull().default(false),
    certificateNumPattern: text('certificate_num_pattern').notNull().default(''),
    certificateStartNum: text('certificate_start_num').notNull().default(''),
    isIIWPublished: boolean('is_iiw_published').notNull().default(false),
    publishedOn: timestamp('published_on', { withTimezone: true, mode: 'date' }),
    /** Set at the first publication and never cleared: code and type are fixed from then on. */
    hasBeenPublished: boolean('has_been_published').notNull().default(false),
    programDeclaration: text('program_declaration').notNull().default(''),
    programTooltips: text('program_tooltips').notNull().default(''),
    /** Days after the result is recorded in which a failed applicant may ask for a review (issue 17). */
    reviewWindowDays: integer('review_window_days').notNull().default(30),
    /** How many re-sits of one module an applicant may take (issue 17, decision 024); null: unlimited. */
    maxResitsPerModule: integer('max_resits_per_module'),
    /**
     * The certification decision (recording the overall result and the award) may not be made by the
     * candidate's assessor or examiner (issue 43, ISO/IEC 17024 9.5); on by default for Certification and AICIP.
     */
    decisionSeparation: boolean('decision_separation').notNull().default(false),
    ...auditColumns,
  },
  (t) => [uniqueIndex('programs_code_unique').on(t.programCode), index('programs_status_idx').on(t.status, t.programType)],
);

export const programModules = pgTable(
  'program_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    isRenewal: boolean('is_renewal').notNull().default(false),
    moduleCode: text('module_code').notNull(),
    moduleTitle: text('module_title').notNull(),
    moduleDescription: text('module_description').notNull().default(''),
    assessmentRequirements: text('assessment_requirements').notNull().default(''),
    examinationType: text('examination_type').notNull(),
    invigilated: boolean('invigilated').notNull().default(false),
    memberFeeCents: integer('member_fee_cents').notNull(),
    nonMemberFeeCents: integer('non_member_fee_cents').notNull(),
    reviewAllowed: boolean('review_allowed').notNull().default(false),
    reSitAllowed: boolean('re_sit_allowed').notNull().default(false),
    reSitMemberFeeCents: integer('re_sit_member_fee_cents'),
    reSitNonMemberFeeCents: integer('re_sit_non_member_fee_cents'),
    passPercentage: numeric('pass_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    isInactive: boolean('is_inactive').notNull().default(false),
    ...auditColumns,
  },
  (t) => [uniqueIndex('program_modules_code_unique').on(t.programId, t.isRenewal, sql`lower(${t.moduleCode})`)],
);

export const applicantInstructions = pgTable(
  'applicant_instructions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    instruction: text('instruction').notNull(),
    sortOrder: integer('sort_order').notNull(),
    ...auditColumns,
  },
  (t) => [index('applicant_instructions_program_idx').on(t.programId)],
);

export const programRequirements = pgTable(
  'program_requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    requirementCode: text('requirement_code').notNull(),
    requirementDescription: text('requirement_description').notNull(),
    sortOrder: integer('sort_order').notNull(),
    ...auditColumns,
  },
  (t) => [index('program_requirements_program_idx').on(t.programId)],
);

/** Certification and AICIP settings; `kind` renewal holds the AICIP renewal form. */
export const programCertificationSettings = pgTable(
  'program_certification_settings',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    kind: text('kind', { enum: ['initial', 'renewal'] }).notNull(),
    memberFeeCents: integer('member_fee_cents').notNull(),
    nonmemberFeeCents: integer('nonmember_fee_cents').notNull(),
    reviewAllowed: boolean('review_allowed').notNull().default(false),
    renewalPeriod: integer('renewal_period'),
    /** Continuing professional development hours a renewal needs within the award's period (issue 17; initial settings). */
    requiredCpdHours: integer('required_cpd_hours').notNull().default(0),
    assessorAssessmentInstruction: text('assessor_assessment_instruction').notNull(),
    certificationTooltips: text('certification_tooltips').notNull().default(''),
    programDeclaration: text('program_declaration').notNull(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.programId, t.kind] })],
);

export const programWelderQualificationSettings = pgTable('program_wq_settings', {
  programId: uuid('program_id')
    .primaryKey()
    .references(() => programs.id),
  standard: text('standard').notNull(),
  numOfConfirmation: integer('num_of_confirmation').notNull(),
  reValidationProlongation: boolean('re_validation_prolongation').notNull().default(false),
  interval: integer('interval').notNull(),
  repeat: boolean('repeat').notNull().default(false),
  memberFeeCents: integer('member_fee_cents').notNull(),
  nonmemberFeeCents: integer('nonmember_fee_cents').notNull(),
  revalidationMemberFeeCents: integer('revalidation_member_fee_cents'),
  revalidationNonmemberFeeCents: integer('revalidation_nonmember_fee_cents'),
  messageConfirmation: text('message_confirmation').notNull(),
  messageProlongationReValidation: text('message_prolongation_revalidation').notNull().default(''),
  programDeclaration: text('program_declaration').notNull(),
  ...auditColumns,
});

/** One row per role a user holds in a program; shown grouped per user. */
export const programUsers = pgTable(
  'program_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: smallint('role').notNull(),
    /** The authorisation's expiry (issue 43): past it, the person is refused for new assignments in this role; null: no expiry. */
    authorisedUntil: date('authorised_until', { mode: 'string' }),
    /** On what the authorisation rests (a qualification, a witnessed assessment, ...). */
    authorisationBasis: text('authorisation_basis').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('program_users_unique').on(t.programId, t.userId, t.role), index('program_users_user_idx').on(t.userId)],
);

/** Every status change of a program: who, when, from, to. */
export const programStatusHistory = pgTable(
  'program_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    ...auditColumns,
  },
  (t) => [index('program_status_history_program_idx').on(t.programId)],
);
