import { z } from 'zod';
import { CASE_OUTCOMES, CASE_STATUSES, CASE_TEXT_MAX, CaseDecisionRequest, CaseEntry, CaseNoteRequest } from '../case/case.contract';
import { pagedResponse, pagingShape } from '../common/paging';
import { PERSON_MESSAGES, requiredEmail } from '../common/person-fields';

/**
 * Complaints (issue 43, ISO/IEC 17024 9.9) about the body, an examiner, a venue or a certificate
 * holder, from an applicant, a company's coordinator or anyone through the public form. Each gets a
 * reference (CMP-YYYY-NNNNN), target dates, a handler who is not the person complained about, an
 * investigation record (some entries shared with the complainant) and an outcome with reasons.
 * Statuses, outcomes, targets and entries are the case contract's (shared with appeals).
 */
export const COMPLAINT_ABOUT = ['body', 'examiner', 'venue', 'holder', 'other'] as const;
export type ComplaintAbout = (typeof COMPLAINT_ABOUT)[number];
export const COMPLAINT_ABOUT_LABELS: Record<ComplaintAbout, string> = {
  body: 'The awarding body',
  examiner: 'An examiner',
  venue: 'A venue',
  holder: 'A certificate holder',
  other: 'Something else',
};
/** What the form asks the complainant to name for each subject, in their own words. */
export const COMPLAINT_ABOUT_HINTS: Record<ComplaintAbout, string> = {
  body: 'The part of our service your complaint is about (optional)',
  examiner: "The examiner's name, and the exam's date and place",
  venue: "The venue's name or address, and the date",
  holder: "The holder's name and certificate number, as far as you know them",
  other: 'What your complaint is about',
};

export const COMPLAINANT_KINDS = ['applicant', 'employer', 'public'] as const;
export type ComplainantKind = (typeof COMPLAINANT_KINDS)[number];
export const COMPLAINANT_KIND_LABELS: Record<ComplainantKind, string> = { applicant: 'Applicant', employer: 'Employer', public: 'Public' };

export const COMPLAINT_ABOUT_TEXT_MAX = 500;
export const COMPLAINT_CHANGE_MAX = 1000;

export const COMPLAINT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: PERSON_MESSAGES.emailRequired,
  invalidEmail: PERSON_MESSAGES.invalidEmail,
  bodyRequired: 'Choose the awarding body or the program your complaint is about',
  unknownBody: 'Choose the awarding body your complaint is about',
  unknownProgram: 'Choose a program of that awarding body',
  aboutRequired: 'Choose what your complaint is about',
  aboutTextMax: `This must be at most ${COMPLAINT_ABOUT_TEXT_MAX} characters`,
  detailsRequired: 'Details are required',
  detailsMax: `Details must be at most ${CASE_TEXT_MAX} characters`,
  referenceInvalid: 'Enter the reference from your acknowledgement mail, for example CMP-2026-00012',
  /** The lookup's one answer for an unknown reference and for a wrong email alike. */
  lookupNotFound: 'No complaint has this reference and email',
  notFound: 'Complaint not found',
  received: 'Thank you. Your complaint has been received and a confirmation has been mailed to you.',
  tooManyComplaints: 'Too many complaints have been sent from your network. Please wait an hour and try again.',
  tooManyLookups: 'Too many look-ups from your network. Please wait a few minutes and try again.',
  withdrawn: 'This complaint has been withdrawn',
  notOpen: 'Only an open complaint can change status',
  deciderNotAllowed: 'Only the handler or an account administrator can decide this complaint',
  deciderIsSubject: 'You cannot decide a complaint about yourself',
  examinerNotFound: 'Choose a staff member of this body',
  venueNotFound: 'Choose a venue of this body',
  certificateNotFound: 'No certificate of this body has that number',
  historyNotFound: "Choose one of the certificate's actions",
  descriptionRequired: 'Describe what was done',
  descriptionMax: `The description must be at most ${COMPLAINT_CHANGE_MAX} characters`,
} as const;

/** The reference as people type it, read forgivingly (case, spaces). */
export const COMPLAINT_REFERENCE_PATTERN = /^CMP-\d{4}-\d{5,}$/;

/** The web pages of complaints (the public form, its look-up, and the signed-in areas). */
import { COMPLAINT_PAGES } from './complaint-pages';

export { COMPLAINT_PAGES };

const about = z.enum(COMPLAINT_ABOUT, { error: COMPLAINT_MESSAGES.aboutRequired });
const aboutText = z.string().trim().max(COMPLAINT_ABOUT_TEXT_MAX, COMPLAINT_MESSAGES.aboutTextMax).default('');
const details = z.string({ error: COMPLAINT_MESSAGES.detailsRequired }).trim().min(1, COMPLAINT_MESSAGES.detailsRequired).max(CASE_TEXT_MAX, COMPLAINT_MESSAGES.detailsMax);
/** The body: its short name or id (as the contact form names it), or one of its programs. */
const account = z.string().trim().max(64, COMPLAINT_MESSAGES.unknownBody).optional();
const programId = z.uuid(COMPLAINT_MESSAGES.unknownProgram).optional();

function namesABody(value: { account?: string; programId?: string }): boolean {
  return !!value.account || !!value.programId;
}
const bodyRequired = { message: COMPLAINT_MESSAGES.bodyRequired, path: ['account'] };

/** A signed-in applicant's or company coordinator's complaint: who they are comes from their account. */
export const ComplaintRequest = z.strictObject({ account, programId, about, aboutText, details }).refine(namesABody, bodyRequired);
export type ComplaintRequest = z.input<typeof ComplaintRequest>;

/**
 * The public form (`POST unauth/complaints`): a name and an email besides. `website` is a field
 * people never see (hidden on the form): a bot that fills it in is answered as if received, and
 * nothing is kept or mailed.
 */
export const PublicComplaintRequest = z
  .strictObject({
    name: z.string({ error: COMPLAINT_MESSAGES.nameRequired }).trim().min(1, COMPLAINT_MESSAGES.nameRequired).max(128, 'Name must be at most 128 characters'),
    email: requiredEmail(),
    account,
    programId,
    about,
    aboutText,
    details,
    website: z.string().max(500).optional(),
  })
  .refine(namesABody, bodyRequired);
export type PublicComplaintRequest = z.input<typeof PublicComplaintRequest>;

export const ComplaintLodged = z.object({ reference: z.string(), message: z.string(), decideBy: z.string() });
export type ComplaintLodged = z.infer<typeof ComplaintLodged>;

/** The public look-up: the reference and the email it was lodged with (a POST, so the email is in no URL). */
export const ComplaintLookupRequest = z.strictObject({
  reference: z
    .string({ error: COMPLAINT_MESSAGES.referenceInvalid })
    .trim()
    .toUpperCase()
    .max(32, COMPLAINT_MESSAGES.referenceInvalid)
    .regex(COMPLAINT_REFERENCE_PATTERN, COMPLAINT_MESSAGES.referenceInvalid),
  email: requiredEmail(),
});
export type ComplaintLookupRequest = z.input<typeof ComplaintLookupRequest>;

/** The bodies the form offers, each with its published programs (`GET unauth/complaints/bodies`). */
export const ComplaintBody = z.object({
  shortName: z.string(),
  name: z.string(),
  programs: z.array(z.object({ id: z.string(), programCode: z.string(), programTitle: z.string() })),
});
export const ComplaintBodyList = z.array(ComplaintBody);
export type ComplaintBody = z.infer<typeof ComplaintBody>;

/**
 * What the complainant sees of their complaint: what they gave, its status and dates, the entries
 * staff shared and the outcome with reasons. Nothing of the person or record it is about beyond
 * their own words (`aboutText`).
 */
export const ComplaintPersonView = z.object({
  id: z.string(),
  reference: z.string(),
  bodyName: z.string(),
  program: z.object({ programCode: z.string(), programTitle: z.string() }).nullable(),
  about: z.enum(COMPLAINT_ABOUT),
  aboutText: z.string(),
  details: z.string(),
  complainantName: z.string(),
  status: z.enum(CASE_STATUSES),
  receivedOn: z.string(),
  acknowledgeBy: z.string(),
  decideBy: z.string(),
  decidedOn: z.string().nullable(),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  outcomeReasons: z.string().nullable(),
  entries: z.array(CaseEntry),
});
export type ComplaintPersonView = z.infer<typeof ComplaintPersonView>;

/** The signed-in complainant's list (theirs; a company's coordinator and viewers: the company's). */
export const ComplaintSummary = z.object({
  id: z.string(),
  reference: z.string(),
  bodyName: z.string(),
  about: z.enum(COMPLAINT_ABOUT),
  aboutText: z.string(),
  status: z.enum(CASE_STATUSES),
  receivedOn: z.string(),
  decideBy: z.string(),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  complainantName: z.string(),
});
export type ComplaintSummary = z.infer<typeof ComplaintSummary>;
export const ComplaintSummaryList = z.array(ComplaintSummary);

// ---- Staff --------------------------------------------------------------------------------------

export const ComplaintRegisterQuery = z.strictObject({
  ...pagingShape,
  search: z.string().max(200).optional(),
  status: z.enum(CASE_STATUSES).optional(),
  about: z.enum(COMPLAINT_ABOUT).optional(),
  programId: z.uuid().optional(),
  /** A staff member's id, or `none` for the complaints nobody handles yet. */
  handlerId: z.union([z.uuid(), z.literal('none')]).optional(),
  overdue: z.enum(['true', 'false']).optional(),
});
export type ComplaintRegisterQuery = z.input<typeof ComplaintRegisterQuery>;

export const ComplaintRegisterRow = z.object({
  id: z.string(),
  reference: z.string(),
  about: z.enum(COMPLAINT_ABOUT),
  aboutText: z.string(),
  complainantKind: z.enum(COMPLAINANT_KINDS),
  complainantName: z.string(),
  programCode: z.string().nullable(),
  status: z.enum(CASE_STATUSES),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  handlerName: z.string().nullable(),
  receivedOn: z.string(),
  decideBy: z.string(),
  decidedOn: z.string().nullable(),
  /** Days since receipt, in the body's days, and whether an open complaint is past its decision date. */
  ageDays: z.number().int(),
  overdue: z.boolean(),
});
export type ComplaintRegisterRow = z.infer<typeof ComplaintRegisterRow>;
export const ComplaintRegisterPage = pagedResponse(ComplaintRegisterRow);

/** What the register's filters offer: the body's programs and its staff. */
export const ComplaintFilters = z.object({
  programs: z.array(z.object({ id: z.string(), programCode: z.string(), programTitle: z.string() })),
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ComplaintFilters = z.infer<typeof ComplaintFilters>;

export const ComplaintChange = z.object({
  description: z.string(),
  certificateNumber: z.string().nullable(),
  awardId: z.string().nullable(),
  /** The award's history row the change is recorded in, with its action and day. */
  historyId: z.string().nullable(),
  historyAction: z.string().nullable(),
  historyOn: z.string().nullable(),
});
export type ComplaintChange = z.infer<typeof ComplaintChange>;

export const ComplaintDetails = z.object({
  id: z.string(),
  reference: z.string(),
  about: z.enum(COMPLAINT_ABOUT),
  aboutText: z.string(),
  details: z.string(),
  program: z.object({ id: z.string(), programCode: z.string(), programTitle: z.string() }).nullable(),
  complainantKind: z.enum(COMPLAINANT_KINDS),
  complainantName: z.string(),
  complainantEmail: z.string(),
  /** An employer's complaint: the company its coordinator acts for. */
  complainantCompany: z.string().nullable(),
  /** The person, venue or certificate staff linked the complaint to (never shown to the complainant). */
  subject: z.object({
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    venueId: z.string().nullable(),
    venueTitle: z.string().nullable(),
    certificateNumber: z.string().nullable(),
  }),
  status: z.enum(CASE_STATUSES),
  handler: z.object({ id: z.string(), name: z.string() }).nullable(),
  receivedOn: z.string(),
  acknowledgedOn: z.string().nullable(),
  acknowledgeBy: z.string(),
  decideBy: z.string(),
  ageDays: z.number().int(),
  overdue: z.boolean(),
  decidedOn: z.string().nullable(),
  decidedBy: z.string().nullable(),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  outcomeReasons: z.string().nullable(),
  changes: z.array(ComplaintChange),
  entries: z.array(CaseEntry),
  /** The body's staff as handlers: why each one cannot take it, or null. */
  handlerOptions: z.array(z.object({ id: z.string(), name: z.string(), refusal: z.string().nullable() })),
  venueOptions: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Why the caller cannot decide it now, or null. */
  cannotDecideBecause: z.string().nullable(),
});
export type ComplaintDetails = z.infer<typeof ComplaintDetails>;

export const AssignComplaintHandlerRequest = z.strictObject({ handlerId: z.uuid(COMPLAINT_MESSAGES.examinerNotFound) });
export type AssignComplaintHandlerRequest = z.input<typeof AssignComplaintHandlerRequest>;

/** Open to investigation, or withdrawn (the complainant asked); decided only through the decision. */
export const ComplaintStatusRequest = z.strictObject({
  status: z.enum(['investigating', 'withdrawn'], { error: 'Choose Under investigation or Withdrawn' }),
  note: z.string().trim().max(CASE_TEXT_MAX).default(''),
});
export type ComplaintStatusRequest = z.input<typeof ComplaintStatusRequest>;

/** What the complaint is about as staff establish it: a staff member, a venue, a certificate, the program. */
export const ComplaintSubjectRequest = z.strictObject({
  about,
  aboutUserId: z.uuid(COMPLAINT_MESSAGES.examinerNotFound).nullable().default(null),
  aboutVenueId: z.uuid(COMPLAINT_MESSAGES.venueNotFound).nullable().default(null),
  certificateNumber: z.string().trim().max(100).nullable().default(null),
  programId: z.uuid(COMPLAINT_MESSAGES.unknownProgram).nullable().default(null),
});
export type ComplaintSubjectRequest = z.input<typeof ComplaintSubjectRequest>;

export const ComplaintNoteRequest = z.strictObject(CaseNoteRequest.shape);
export type ComplaintNoteRequest = z.input<typeof ComplaintNoteRequest>;
export const ComplaintDecisionRequest = z.strictObject(CaseDecisionRequest.shape);
export type ComplaintDecisionRequest = z.input<typeof ComplaintDecisionRequest>;

/** An action taken because of the complaint: described, and linked to a certificate's action when there was one. */
export const ComplaintChangeRequest = z.strictObject({
  description: z.string({ error: COMPLAINT_MESSAGES.descriptionRequired }).trim().min(1, COMPLAINT_MESSAGES.descriptionRequired).max(COMPLAINT_CHANGE_MAX, COMPLAINT_MESSAGES.descriptionMax),
  certificateNumber: z.string().trim().max(100).optional(),
  /** One of the certificate's actions (`award-actions`); without it, its latest. */
  historyId: z.string().regex(/^\d{1,18}$/, COMPLAINT_MESSAGES.historyNotFound).optional(),
});
export type ComplaintChangeRequest = z.input<typeof ComplaintChangeRequest>;

export const ComplaintAwardActionsQuery = z.strictObject({ certificateNumber: z.string().trim().min(1, COMPLAINT_MESSAGES.certificateNotFound).max(100) });
export const ComplaintAwardAction = z.object({ historyId: z.string(), action: z.string(), fromStatus: z.string().nullable(), toStatus: z.string(), reason: z.string().nullable(), on: z.string() });
export const ComplaintAwardActionList = z.array(ComplaintAwardAction);
export type ComplaintAwardAction = z.infer<typeof ComplaintAwardAction>;
