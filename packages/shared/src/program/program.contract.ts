import { z } from 'zod';
import { certificatePatternIssues } from '../award/certificate-number';
import { pagedResponse, pagingShape } from '../common/paging';
import { APPLICANT_PROGRAM_STATUSES, PROGRAM_STATUS_VALUES } from './program-status';
import { asRichText, plainTextOf, richText } from './program-rules';

export const PROGRAM_MESSAGES = {
  programCodeRequired: 'Program Code is required',
  programCodeLength: 'Program Code must be 3 to 18 characters',
  programCodePattern: 'All characters should be CAPS and Only special character allowed is a hyphen (-)',
  programCodeTaken: 'Program Code already exists',
  programTitleRequired: 'Program Title is required',
  programTitleLength: 'Program Title must be 3 to 72 characters',
  programTypeRequired: 'Program Type is required',
  programManagerRequired: 'Program Manager is required',
  remarksMax: 'Remarks must be at most 1000 characters',
  declarationRequired: 'Program Declaration is required',
  declarationMax: 'Program Declaration must be at most 2000 characters',
  tooltipsMax: 'Tooltips must be at most 1000 characters',
  reviewWindowDays: 'Review window must be a whole number of days from 1 to 365',
  maxResitsPerModule: 'Re-sits per module must be a whole number from 1 to 20, or empty for no limit',
  certificateNumPatternRequired: 'Certificate Number Pattern is required',
  certificateNumPatternMax: 'Certificate Number Pattern must be at most 18 characters',
  certificateStartNumRequired: 'Certificate Start Number is required',
  certificateStartNumMax: 'Certificate Start Number must be at most 4 digits',
  programIdRequired: 'Program ID is required',
  notFound: 'Program not found',
  archivedReadOnly: 'An archived program is read-only. Restore it to make changes.',
  identityLocked: 'Program Code and Program Type cannot change once the program has been published',
  managerMustBeAdmin: 'Program Manager must be an active admin user',
  certificationSettingsRequired: 'Certification settings are required',
  renewalSettingsRequired: 'Renewal settings are required',
  welderQualificationSettingsRequired: 'Welder Qualification settings are required',
} as const;

const PROGRAM_CODE_PATTERN = /^[A-Z0-9 _-]+$/;
const programTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: PROGRAM_MESSAGES.programTypeRequired });

export const ProgramCode = z
  .string({ error: PROGRAM_MESSAGES.programCodeRequired })
  .trim()
  .min(1, PROGRAM_MESSAGES.programCodeRequired)
  .regex(PROGRAM_CODE_PATTERN, PROGRAM_MESSAGES.programCodePattern)
  .min(3, PROGRAM_MESSAGES.programCodeLength)
  .max(18, PROGRAM_MESSAGES.programCodeLength);

/** The program form (spec sections 3 and 5); the same schema checks the form and the API. */
export const ProgramRequest = z
  .strictObject({
    programCode: ProgramCode,
    programTitle: z
      .string({ error: PROGRAM_MESSAGES.programTitleRequired })
      .trim()
      .min(1, PROGRAM_MESSAGES.programTitleRequired)
      .min(3, PROGRAM_MESSAGES.programTitleLength)
      .max(72, PROGRAM_MESSAGES.programTitleLength),
    programType: programTypeSchema,
    programManager: z.uuid({ error: PROGRAM_MESSAGES.programManagerRequired }),
    remarks: z.string().max(1000, PROGRAM_MESSAGES.remarksMax).default(''),
    numberPatternCheck: z.boolean().default(false),
    certificateNumPattern: z.string().trim().default(''),
    certificateStartNum: z.string().trim().default(''),
    isIIWPublished: z.boolean().default(false),
    /** Required for Certification programs only (below). */
    programDeclaration: asRichText(z.string().max(2000, PROGRAM_MESSAGES.declarationMax).default('')),
    programTooltips: z.string().max(1000, PROGRAM_MESSAGES.tooltipsMax).default(''),
    /** Days after the result in which a failed applicant may ask for a review (issue 17, decision 022). */
    reviewWindowDays: z.number({ error: PROGRAM_MESSAGES.reviewWindowDays }).int(PROGRAM_MESSAGES.reviewWindowDays).min(1, PROGRAM_MESSAGES.reviewWindowDays).max(365, PROGRAM_MESSAGES.reviewWindowDays).default(30),
    /** How many re-sits of one module an applicant may take; null: unlimited (issue 17, decision 024). */
    maxResitsPerModule: z.number({ error: PROGRAM_MESSAGES.maxResitsPerModule }).int(PROGRAM_MESSAGES.maxResitsPerModule).min(1, PROGRAM_MESSAGES.maxResitsPerModule).max(20, PROGRAM_MESSAGES.maxResitsPerModule).nullable().default(null),
    /**
     * The certification decision may not be made by the candidate's assessor or examiner (issue 43,
     * ISO/IEC 17024 9.5). Left out: on for a new Certification or AICIP program, off for others;
     * unchanged when a program is edited.
     */
    decisionSeparation: z.boolean().optional(),
  })
  .superRefine((program, ctx) => {
    if (program.programType === 1 && plainTextOf(program.programDeclaration).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['programDeclaration'], message: PROGRAM_MESSAGES.declarationRequired });
    }
    if (program.numberPatternCheck) {
      if (!program.certificateNumPattern) {
        ctx.addIssue({ code: 'custom', path: ['certificateNumPattern'], message: PROGRAM_MESSAGES.certificateNumPatternRequired });
      } else if (program.certificateNumPattern.length > 18) {
        ctx.addIssue({ code: 'custom', path: ['certificateNumPattern'], message: PROGRAM_MESSAGES.certificateNumPatternMax });
      } else {
        // Placeholders and characters (award/certificate-number.ts), so a saved pattern always formats.
        for (const message of certificatePatternIssues(program.certificateNumPattern)) ctx.addIssue({ code: 'custom', path: ['certificateNumPattern'], message });
      }
      if (!program.certificateStartNum) {
        ctx.addIssue({ code: 'custom', path: ['certificateStartNum'], message: PROGRAM_MESSAGES.certificateStartNumRequired });
      } else if (!/^\d{1,4}$/.test(program.certificateStartNum)) {
        ctx.addIssue({ code: 'custom', path: ['certificateStartNum'], message: PROGRAM_MESSAGES.certificateStartNumMax });
      }
    }
  });
export type ProgramRequest = z.input<typeof ProgramRequest>;
export type ProgramValues = z.output<typeof ProgramRequest>;

export const UserSummary = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const Program = z.object({
  id: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  programType: z.number().int(),
  programManager: UserSummary.nullable(),
  status: z.number().int(),
  remarks: z.string(),
  numberPatternCheck: z.boolean(),
  certificateNumPattern: z.string(),
  certificateStartNum: z.string(),
  isIIWPublished: z.boolean(),
  publishedOn: z.string().nullable(),
  programDeclaration: z.string(),
  programTooltips: z.string(),
  reviewWindowDays: z.number().int(),
  maxResitsPerModule: z.number().int().nullable(),
  decisionSeparation: z.boolean(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type Program = z.infer<typeof Program>;

export const PROGRAM_SEARCH_BY = ['All', 'Program Code', 'Program Type', 'Application Date'] as const;

/** Staff list: paging, the spec's search filters, status and types (`selectedProgramTypes` as "1,3"). */
export const ProgramListQuery = z.strictObject({
  ...pagingShape,
  searchBy: z.enum(PROGRAM_SEARCH_BY).default('All'),
  searchTerm: z.string().optional(),
  programStatus: z.coerce
    .number()
    .int()
    .refine((n) => (PROGRAM_STATUS_VALUES as readonly number[]).includes(n), 'Unknown program status')
    .optional(),
  selectedProgramTypes: z
    .string()
    .regex(/^[1-4](,[1-4])*$/, 'Program types must be a list of 1 to 4')
    .transform((text) => text.split(',').map(Number))
    .optional(),
});
export type ProgramListQuery = z.input<typeof ProgramListQuery>;
export type ProgramListFilters = z.output<typeof ProgramListQuery>;

export const ProgramListRow = Program.pick({
  id: true,
  programCode: true,
  programTitle: true,
  programType: true,
  programManager: true,
  status: true,
  publishedOn: true,
  createdOn: true,
  modifiedOn: true,
});
export const ProgramPage = pagedResponse(ProgramListRow);
export type ProgramPage = z.infer<typeof ProgramPage>;

export const ProgramCodeLookup = z.object({ program: z.object({ id: z.string(), programCode: z.string() }).nullable() });

export const ProgramStatusChange = z.object({ program: Program });

/** Applicants' catalogue of published programs. */
export const PublishedProgramQuery = z.strictObject({
  ...pagingShape,
  search: z.string().optional(),
  programType: z.coerce.number().int().min(1).max(4).optional(),
});
export type PublishedProgramQuery = z.input<typeof PublishedProgramQuery>;

export const PublishedProgramRow = z.object({
  id: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  programType: z.number().int(),
  publishedOn: z.string().nullable(),
  applicantStatus: z.enum(APPLICANT_PROGRAM_STATUSES),
});
export const PublishedProgramPage = pagedResponse(PublishedProgramRow);
export type PublishedProgramPage = z.infer<typeof PublishedProgramPage>;

/** Used by every settings form: the declaration the applicant accepts. */
export const settingsDeclaration = richText(PROGRAM_MESSAGES.declarationRequired, 2000, PROGRAM_MESSAGES.declarationMax);
