import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';
import { IMPARTIALITY_OUTCOMES, IMPARTIALITY_ROLES, type ImpartialityOutcome, type ImpartialityRole } from './assignment-check.contract';

/**
 * Impartiality (issue 43, ISO/IEC 17024 4.3, 5.2 and 6.1): what staff declare against an applicant
 * or a company (`/api/conflicts`), the body's yearly impartiality and confidentiality agreement
 * (`/api/conflicts/agreements`), and the register of the assignments the impartiality check refused
 * or a manager overrode (`/api/conflicts/events`).
 */

export const CONFLICT_KINDS = ['employer_in_common', 'trainee', 'relative', 'other'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];
export const CONFLICT_KIND_LABELS: Record<ConflictKind, string> = {
  employer_in_common: 'Employer in common',
  trainee: 'A trainee I taught',
  relative: 'Relative',
  other: 'Other',
};

/** The roles of the refusal register, as its column and filter name them (the check's own sentences use `IMPARTIALITY_ROLE_LABELS`). */
export const IMPARTIALITY_ROLE_TITLES: Record<ImpartialityRole, string> = {
  assessor: 'Assessor',
  examiner: 'Examiner',
  invigilator: 'Invigilator',
  marker: 'Marker',
  result_recorder: 'Result recorder',
  decision_maker: 'Decision maker',
  appeal_handler: 'Appeal handler',
  complaint_handler: 'Complaint handler',
};
export const IMPARTIALITY_OUTCOME_LABELS: Record<ImpartialityOutcome, string> = { refused: 'Refused', overridden: 'Overridden' };
export const IMPARTIALITY_OUTCOME_COLORS: Record<ImpartialityOutcome, string> = { refused: 'red', overridden: 'yellow' };

export const CONFLICT_DETAILS_MAX = 2000;
export const AGREEMENT_TEXT_MAX = 20000;
/** A search of the account's applicants needs this many characters (names and emails are personal data). */
export const APPLICANT_SEARCH_MIN = 3;

export const IMPARTIALITY_MESSAGES = {
  targetRequired: 'Choose an applicant or a company',
  oneTarget: 'Choose an applicant or a company, not both',
  kindRequired: 'Choose the kind of conflict',
  detailsRequired: 'Say what the conflict is',
  detailsMax: `Details must be at most ${CONFLICT_DETAILS_MAX} characters`,
  applicantNotFound: 'Applicant not found',
  companyNotFound: 'Company not found',
  conflictNotFound: 'Declaration not found',
  notYourDeclaration: 'Only the person who made a declaration can end it',
  alreadyEnded: 'This declaration has already ended',
  alreadyDeclared: 'You have already declared a conflict with them that has not ended',
  searchTooShort: `Type at least ${APPLICANT_SEARCH_MIN} characters`,
  agreementTextRequired: 'The agreement text is required',
  agreementTextMax: `The agreement text must be at most ${AGREEMENT_TEXT_MAX} characters`,
  yearRequired: 'Say which year you sign for',
  acceptRequired: 'Tick the box to confirm that you have read and accept the agreement',
  notThisYear: (year: number) => `Only this year's agreement (${year}) can be signed`,
  alreadySigned: (year: number) => `You have already signed the ${year} agreement`,
  agreementNotFound: 'Agreement not found',
  noProgramsManaged: 'You manage no program: the registers are for account administrators and program managers',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  dateOrder: 'The first date must not be after the second',
} as const;
const M = IMPARTIALITY_MESSAGES;

const day = z.iso.date({ error: M.dateInvalid });

// ---- Declarations (`/api/conflicts`) ----

/** A staff member declares a conflict against one applicant (by their user id) or one company. */
export const DeclareConflictRequest = z
  .strictObject({
    applicantUserId: z.uuid({ error: M.applicantNotFound }).nullable().default(null),
    companyId: z.uuid({ error: M.companyNotFound }).nullable().default(null),
    kind: z.enum(CONFLICT_KINDS, { error: M.kindRequired }),
    details: z.string().trim().max(CONFLICT_DETAILS_MAX, M.detailsMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.applicantUserId && !value.companyId) ctx.addIssue({ code: 'custom', path: ['applicantUserId'], message: M.targetRequired });
    if (value.applicantUserId && value.companyId) ctx.addIssue({ code: 'custom', path: ['companyId'], message: M.oneTarget });
    if (value.kind === 'other' && !value.details) ctx.addIssue({ code: 'custom', path: ['details'], message: M.detailsRequired });
  });
export type DeclareConflictRequest = z.input<typeof DeclareConflictRequest>;

export const PersonRef = z.object({ userId: z.string(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;
export const CompanyRef = z.object({ id: z.string(), name: z.string() });
export type CompanyRef = z.infer<typeof CompanyRef>;

export const StaffConflict = z.object({
  id: z.string(),
  staff: PersonRef,
  applicant: PersonRef.nullable(),
  company: CompanyRef.nullable(),
  kind: z.enum(CONFLICT_KINDS),
  details: z.string(),
  declaredOn: z.string(),
  endedOn: z.string().nullable(),
  isActive: z.boolean(),
});
export type StaffConflict = z.infer<typeof StaffConflict>;
export const StaffConflictList = z.array(StaffConflict);

export const CONFLICT_STATUS_FILTERS = ['active', 'ended', 'all'] as const;
export type ConflictStatusFilter = (typeof CONFLICT_STATUS_FILTERS)[number];

/** The register of the account's declarations (administrators; a program's manager: the staff of their programs). */
export const ConflictListQuery = z.strictObject({
  ...pagingShape,
  staffUserId: z.uuid().optional(),
  kind: z.enum(CONFLICT_KINDS).optional(),
  status: z.enum(CONFLICT_STATUS_FILTERS).default('active'),
  /** The applicant's, company's or staff member's name or email. */
  searchTerm: z.string().max(200).optional(),
});
export type ConflictListQuery = z.input<typeof ConflictListQuery>;
export const StaffConflictPage = pagedResponse(StaffConflict);
export type StaffConflictPage = z.infer<typeof StaffConflictPage>;

/** Whom a staff member may name: the account's applicants (searched by name or email), and companies by name. */
export const ConflictTargetQuery = z.strictObject({ searchTerm: z.string().trim().min(APPLICANT_SEARCH_MIN, M.searchTooShort).max(200) });
export const CompanyTargetQuery = z.strictObject({ searchTerm: z.string().trim().max(200).optional() });
export const ApplicantTarget = PersonRef;
export const ApplicantTargetList = z.array(ApplicantTarget);
export const CompanyTarget = z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string() });
export type CompanyTarget = z.infer<typeof CompanyTarget>;
export const CompanyTargetList = z.array(CompanyTarget);

/** What the caller's registers cover, and the choices of their filters. */
export const ImpartialityScope = z.object({
  /** Account administrators (and super users) see the whole account; a program's manager, their programs' staff. */
  isAdministrator: z.boolean(),
  programs: z.array(z.object({ id: z.string(), programCode: z.string(), programTitle: z.string() })),
  staff: z.array(PersonRef),
});
export type ImpartialityScope = z.infer<typeof ImpartialityScope>;

// ---- The yearly agreement (`/api/conflicts/agreements`) ----

/** The body's agreement as staff sign it this year (a default until an administrator saves their own). */
export const AgreementText = z.object({ text: z.string(), isDefault: z.boolean(), modifiedOn: z.string().nullable(), modifiedBy: z.string().nullable() });
export type AgreementText = z.infer<typeof AgreementText>;
export const AgreementTextRequest = z.strictObject({
  text: z.string({ error: M.agreementTextRequired }).trim().min(1, M.agreementTextRequired).max(AGREEMENT_TEXT_MAX, M.agreementTextMax),
});
export type AgreementTextRequest = z.input<typeof AgreementTextRequest>;

export const SignedAgreement = z.object({ id: z.string(), year: z.number().int(), staff: PersonRef, signedOn: z.string(), agreementText: z.string() });
export type SignedAgreement = z.infer<typeof SignedAgreement>;

/** The signer's page: this year (in the body's time zone), the text to sign, and what they signed before. */
export const MyAgreements = z.object({ year: z.number().int(), text: z.string(), signedThisYear: SignedAgreement.nullable(), signed: z.array(SignedAgreement) });
export type MyAgreements = z.infer<typeof MyAgreements>;

export const SignAgreementRequest = z.strictObject({
  year: z.number({ error: M.yearRequired }).int({ error: M.yearRequired }),
  accepted: z.literal(true, { error: M.acceptRequired }),
});
export type SignAgreementRequest = z.input<typeof SignAgreementRequest>;

export const AGREEMENT_STATUS_FILTERS = ['all', 'signed', 'unsigned'] as const;
export const AgreementRegisterQuery = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  status: z.enum(AGREEMENT_STATUS_FILTERS).default('all'),
  searchTerm: z.string().max(200).optional(),
});
export type AgreementRegisterQuery = z.input<typeof AgreementRegisterQuery>;
export const AgreementRegisterRow = z.object({ staff: PersonRef, role: z.number().int(), agreementId: z.string().nullable(), signedOn: z.string().nullable() });
export type AgreementRegisterRow = z.infer<typeof AgreementRegisterRow>;
export const AgreementRegister = z.object({ year: z.number().int(), signed: z.number().int(), unsigned: z.number().int(), rows: z.array(AgreementRegisterRow) });
export type AgreementRegister = z.infer<typeof AgreementRegister>;

/** The agreement every body starts with; its administrators replace it with their own. */
export function defaultAgreementText(bodyName: string): string {
  return [
    `Impartiality and confidentiality agreement of ${bodyName}`,
    '',
    `I take part in the certification of persons by ${bodyName} (as an assessor, examiner, invigilator, marker, decision maker, handler of appeals or complaints, or as a member of its staff or committees). For the calendar year in which I sign, I agree that:`,
    '',
    '1. I will act impartially and treat every applicant and candidate fairly, whatever their employer, membership, origin or any other circumstance, and I will not let commercial, financial or other pressure compromise my judgement.',
    '2. Before I take part in the assessment, examination, invigilation, marking, certification decision, appeal or complaint of a person, I will declare on the platform any conflict of interest I have with them or with their employer: a relative or close friend; a person I trained, taught or coached for this certification; a colleague, employee or employer of mine, or a company in which I have an interest; or any other relationship that could be seen to threaten my impartiality. I will not take part where such a conflict exists unless the body has recorded an override with its reasons.',
    '3. I will not offer or provide training for a certification scheme to a candidate and then examine or decide on the same candidate, and I will not promote any training as a way to certification.',
    '4. I will keep confidential all information I obtain in certification activities: applicants\' personal information, their evidence, examination questions, answers, marks and results, and the body\'s deliberations. I will not disclose it to anyone outside the body, except where the law requires it or the person concerned has agreed in writing.',
    '5. I will keep examination material secure, will not copy or keep it, and will report at once any loss of material or any irregularity I see.',
    '6. I will tell the body at once when my circumstances change in a way that affects this agreement or a declaration I have made.',
    '',
    'I understand that a breach of this agreement may lead the body to withdraw my authorisation and to review any decision I took part in. My obligations of confidentiality continue after I stop working with the body.',
  ].join('\n');
}

// ---- Refusals and overrides (`/api/conflicts/events`) ----

export const ImpartialityEventQuery = z
  .strictObject({
    ...pagingShape,
    programId: z.uuid().optional(),
    staffUserId: z.uuid().optional(),
    outcome: z.enum(IMPARTIALITY_OUTCOMES).optional(),
    role: z.enum(IMPARTIALITY_ROLES).optional(),
    /** Days in the body's time zone, both included. */
    from: day.optional(),
    to: day.optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ['from'], message: M.dateOrder });
export type ImpartialityEventQuery = z.input<typeof ImpartialityEventQuery>;

export const ImpartialityEvent = z.object({
  id: z.string(),
  createdOn: z.string(),
  program: z.object({ id: z.string(), programCode: z.string(), programTitle: z.string() }).nullable(),
  applicationId: z.string().nullable(),
  applicationNumber: z.string().nullable(),
  staff: PersonRef,
  role: z.enum(IMPARTIALITY_ROLES),
  outcome: z.enum(IMPARTIALITY_OUTCOMES),
  reasons: z.array(z.string()),
  overrideReason: z.string().nullable(),
  actorName: z.string().nullable(),
});
export type ImpartialityEvent = z.infer<typeof ImpartialityEvent>;
export const ImpartialityEventPage = pagedResponse(ImpartialityEvent);
export type ImpartialityEventPage = z.infer<typeof ImpartialityEventPage>;
