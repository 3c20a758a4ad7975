import { boolean, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applications } from './application';
import { attachments } from './attachment';
import { awards } from './award';
import { programs } from './program';
import { applicants, users } from './user';
import { testingAgencies, venues } from './venue';

const millimetres = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });

/**
 * The welder qualification record of one Welder Qualification application (spec section 3, issue
 * 18, decision 025): the welder's identity, the test piece and how it was welded, the examiner's
 * submission and the assessor's outcome. Record fields are nullable because a draft is saved
 * half-filled; `wpq/submit` checks the whole record with the shared contract. The range of
 * qualification is the engine's answer for the record, stored when the assessor approves.
 */
export const wpqRecords = pgTable(
  'wpq_records',
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
    /** draft, submitted (waiting for the test), examined (tests recorded), approved, failed. */
    status: text('status', { enum: ['draft', 'submitted', 'examined', 'approved', 'failed'] })
      .notNull()
      .default('draft'),
    /** The program's standard when the record was made (ISO 9606-1:2017 or AS/NZS 2980:2018). */
    standard: text('standard').notNull(),

    // Identity and administration.
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    placeOfBirth: text('place_of_birth'),
    identificationNumber: text('identification_number'),
    methodOfIdentification: text('method_of_identification'),
    employer: text('employer'),
    /** The spec's userId: the welder's number at their employer (optional). */
    userId: text('user_id'),
    company: text('company'),
    /** The employer as a company record (the confirmations part of issue 18 links it; no foreign key yet). */
    employerCompanyId: uuid('employer_company_id'),
    wpsNumber: text('wps_number'),
    wpsRevision: text('wps_revision'),
    wpsDate: date('wps_date', { mode: 'string' }),
    qualificationType: text('qualification_type'),
    /** Acceptable or Not tested (ISO 9606-1 Annex B); entered by the examiner. */
    jobKnowledge: text('job_knowledge'),
    placeOfTesting: text('place_of_testing'),
    /** The examiner's name as the old system issued it (legacy import, issue 41): a record made here names its examiner by `examinerId`. */
    examinerAsIssued: text('examiner_as_issued'),
    testDate: date('test_date', { mode: 'string' }),
    issueDate: date('issue_date', { mode: 'string' }),
    testingAcceptanceCriteria: text('testing_acceptance_criteria'),
    /** ISO 9606-1 9.3 a), b) or c). */
    validityOption: text('validity_option', { enum: ['9.3a', '9.3b', '9.3c'] }),

    // Test piece.
    parentMaterial1Specification: text('parent_material1_specification'),
    parentMaterial1Group: smallint('parent_material1_group'),
    parentMaterial1Subgroup: text('parent_material1_subgroup'),
    parentMaterial2Specification: text('parent_material2_specification'),
    parentMaterial2Group: smallint('parent_material2_group'),
    parentMaterial2Subgroup: text('parent_material2_subgroup'),
    productType: text('product_type'),
    jointType: text('joint_type'),
    branch: text('branch'),
    additionalJointTypeTest: text('additional_joint_type_test'),
    testPieceThickness: millimetres('test_piece_thickness'),
    pipeOD: millimetres('pipe_od'),

    // Welding.
    weldingProcess: text('welding_process'),
    directionOfWelding: text('direction_of_welding'),
    transferMode: text('transfer_mode'),
    weldingPosition: text('welding_position'),
    productTypeForAdditionalJointType: text('product_type_for_additional_joint_type'),
    weldingPositionForAdditionalJointType: text('welding_position_for_additional_joint_type'),
    fillerMaterialGroup: text('filler_material_group'),
    fillerMaterialType: text('filler_material_type'),
    fillerMaterialTradeName: text('filler_material_trade_name'),
    backingAndConsumableInsert: text('backing_and_consumable_insert'),
    depositThickness: millimetres('deposit_thickness'),
    layerTechnique: text('layer_technique'),
    shieldingGas: text('shielding_gas'),
    typeOfCurrentAndPolarity: text('type_of_current_and_polarity'),
    auxiliaries: text('auxiliaries'),

    submittedOn: timestamp('submitted_on', { withTimezone: true, mode: 'date' }),

    // The test's schedule, like a practical module's (at a venue or a test centre, with the examiner).
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    scheduleTimeZone: text('schedule_time_zone'),
    durationMinutes: integer('duration_minutes'),
    venueId: uuid('venue_id').references(() => venues.id),
    scheduleNote: text('schedule_note').notNull().default(''),
    scheduleSentOn: timestamp('schedule_sent_on', { withTimezone: true, mode: 'date' }),

    // The examiner's submission (spec section 3, exam submission); the test centre is the scheduled one unless the examiner names another.
    examinerId: uuid('examiner_id').references(() => users.id),
    testingAgencyId: uuid('testing_agency_id').references(() => testingAgencies.id),
    testResultFileId: uuid('test_result_file_id').references(() => attachments.id),
    messageToExaminer: text('message_to_examiner').notNull().default(''),
    examinerSubmittedOn: timestamp('examiner_submitted_on', { withTimezone: true, mode: 'date' }),

    // The assessor's outcome and the result.
    welderQualificationApproved: boolean('welder_qualification_approved'),
    programAssessorNotes: text('program_assessor_notes').notNull().default(''),
    resultSubmittedOn: timestamp('result_submitted_on', { withTimezone: true, mode: 'date' }),
    resultSubmittedBy: uuid('result_submitted_by').references(() => users.id),
    /** The engine's RangeResult for this record, computed and stored at approval (never typed). */
    rangeOfQualification: jsonb('range_of_qualification').$type<Record<string, unknown>>(),
    awardId: uuid('award_id').references(() => awards.id),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('wpq_records_application_unique').on(t.applicationId),
    index('wpq_records_applicant_idx').on(t.applicantId),
    index('wpq_records_program_status_idx').on(t.programId, t.status),
    // A record is found by its award, and deleting an award (a legacy import's undo) checks it.
    index('wpq_records_award_idx').on(t.awardId),
  ],
);

/**
 * One test method of the examiner's test (visual first; radiography, ultrasonic, bend, fracture,
 * macro, notched tensile as the engine requires). A retest (one allowed) is a second row of the
 * same method with `is_retest`.
 */
export const wpqTestResults = pgTable(
  'wpq_test_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wpqRecordId: uuid('wpq_record_id')
      .notNull()
      .references(() => wpqRecords.id),
    /** A TEST_METHODS value of the shared reference lists. */
    testName: text('test_name').notNull(),
    order: integer('order').notNull(),
    /** Pass, Fail, or Not tested (a method left after a failed visual test). */
    result: text('result', { enum: ['Pass', 'Fail', 'Not tested'] }).notNull(),
    /** The method's measured figure where it has one (e.g. the sum of bend discontinuities, mm). */
    calculatedValue: numeric('calculated_value', { precision: 10, scale: 2, mode: 'number' }),
    evidenceAttachmentIds: jsonb('evidence_attachment_ids').$type<string[]>().notNull().default([]),
    isRetest: boolean('is_retest').notNull().default(false),
    notes: text('notes').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('wpq_test_results_unique').on(t.wpqRecordId, t.testName, t.isRetest)],
);
