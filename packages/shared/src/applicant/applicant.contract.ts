import { z } from 'zod';
import { pagingShape, pagedResponse } from '../common/paging';
import { PERSON_FIELD_LABELS, PERSON_MESSAGES, optionalEmail } from '../common/person-fields';

export const APPLICANT_MESSAGES = {
  notFound: 'Applicant not found',
  phoneInvalid: 'Phone must be digits, spaces and + ( ) - only',
  invalidEmail: PERSON_MESSAGES.invalidEmail,
  memberNumberRequired: 'Member Number is required for a membership',
  endBeforeStart: 'End Date must not be before Start Date',
  required: (label: string) => `${label} is required`,
  max: (label: string, n: number) => `${label} must be at most ${n} characters`,
} as const;

export const MEMBERSHIP_TYPES = ['none', 'individual', 'corporate'] as const;
export const MEMBERSHIP_TYPE_LABELS: Record<(typeof MEMBERSHIP_TYPES)[number], string> = {
  none: 'Not a member',
  individual: 'Individual member',
  corporate: 'Corporate member',
};

const text = (label: string, max: number) => z.string().trim().max(max, APPLICANT_MESSAGES.max(label, max)).default('');
const requiredText = (label: string, max: number) =>
  z.string({ error: APPLICANT_MESSAGES.required(label) }).trim().min(1, APPLICANT_MESSAGES.required(label)).max(max, APPLICANT_MESSAGES.max(label, max));
const isoDate = (label: string) => z.iso.date({ error: `${label} must be a valid date` });

export const Address = z.strictObject({
  streetNumber: text('Street Number', 16),
  streetName: text('Street Name', 128),
  city: text('City', 64),
  state: text('State', 64),
  postalCode: text('Postal Code', 16),
  country: text('Country', 64),
});
export type Address = z.infer<typeof Address>;
const emptyAddress = { streetNumber: '', streetName: '', city: '', state: '', postalCode: '', country: '' };

/** Personal and contact details (spec section 3, Contact details) and membership. */
export const SaveApplicantRequest = z
  .strictObject({
    firstName: requiredText(PERSON_FIELD_LABELS.firstName, 64),
    lastName: requiredText(PERSON_FIELD_LABELS.lastName, 64),
    dateOfBirth: isoDate('Date of Birth').nullable().default(null),
    phone: z.string().trim().max(32).regex(/^[0-9+()\-\s]*$/, APPLICANT_MESSAGES.phoneInvalid).default(''),
    primaryEmail: optionalEmail('Primary Email').default(''),
    homeAddress: Address.default(emptyAddress),
    workAddress: Address.default(emptyAddress),
    membershipType: z.enum(MEMBERSHIP_TYPES).default('none'),
    memberNumber: text('Member Number', 32),
    /** Listed in the public register of certificate holders (issue 16); absent: unchanged. */
    listedInRegister: z.boolean({ error: 'List me in the public register must be true or false' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.membershipType !== 'none' && !value.memberNumber) {
      ctx.addIssue({ code: 'custom', path: ['memberNumber'], message: APPLICANT_MESSAGES.memberNumberRequired });
    }
  });
export type SaveApplicantRequest = z.input<typeof SaveApplicantRequest>;

/**
 * A membership of one awarding body (issue 40): applicants belong to the platform, but each body
 * confirms its own members, and only a body's own confirmation gives its member fees and library.
 */
export const AccountMembership = z.object({
  accountId: z.string(),
  /** The awarding body's name. */
  accountName: z.string(),
  membershipType: z.enum(['individual', 'corporate']),
  memberNumber: z.string(),
  membershipConfirmedOn: z.string(),
  memberCurrentUntil: z.string().nullable(),
  /** Confirmed and not past Current Until today: the body's member fees apply. */
  isMember: z.boolean(),
});
export type AccountMembership = z.infer<typeof AccountMembership>;

export const Applicant = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  phone: z.string(),
  primaryEmail: z.string(),
  homeAddress: Address,
  workAddress: Address,
  /** The membership the applicant declares, for each body's staff to confirm. */
  membershipType: z.enum(MEMBERSHIP_TYPES),
  memberNumber: z.string(),
  /**
   * The membership in the account the profile is read for (staff: their own account; a program's
   * record: the program's account); null and false for the applicant's own read, whose bodies are
   * listed in `memberships`. Set by that body's staff; until then its non-member fees apply.
   */
  membershipConfirmedOn: z.string().nullable(),
  memberCurrentUntil: z.string().nullable(),
  isMember: z.boolean(),
  /** The bodies that confirmed a membership: every one for the applicant, the reader's own for staff. */
  memberships: z.array(AccountMembership),
  /** Whether the holder's certificates appear in the public register (default true; the holder may opt out). */
  listedInRegister: z.boolean(),
  active: z.boolean(),
  createdOn: z.string(),
});
export type Applicant = z.infer<typeof Applicant>;

/** Staff confirm (or withdraw) a membership on the applicant's record: their own account's membership. */
export const ConfirmMembershipRequest = z.strictObject({ isConfirmed: z.boolean(), memberCurrentUntil: isoDate('Current Until').nullable().default(null) });

/** Staff list of applicants (spec section 7: currentPage, perPageCount, searchBy, searchTerm, canShowActiveMember). */
export const ApplicantListQuery = z.strictObject({
  ...pagingShape,
  searchTerm: z.string().optional(),
  canShowActiveMember: z.enum(['true', 'false']).optional(),
});
export const ApplicantListRow = Applicant.pick({ id: true, email: true, firstName: true, lastName: true, membershipType: true, memberNumber: true, membershipConfirmedOn: true, isMember: true, listedInRegister: true, active: true, createdOn: true });
export const ApplicantPage = pagedResponse(ApplicantListRow);

// Profile lists: education, experience, professional activities, professional development.

function endNotBeforeStart(value: { startDate: string | null; endDate?: string | null }, ctx: z.RefinementCtx): void {
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: APPLICANT_MESSAGES.endBeforeStart });
  }
}

export const QUALIFICATION_TYPES = ['Certificate', 'Diploma', 'Advanced Diploma', 'Bachelor Degree', 'Master Degree', 'Doctorate', 'Trade Certificate', 'Other'] as const;

export const EducationRequest = z
  .strictObject({
    course: requiredText('Course', 128),
    institution: requiredText('Institution', 128),
    location: text('Location', 128),
    qualificationType: z.enum(QUALIFICATION_TYPES, { error: APPLICANT_MESSAGES.required('Qualification Type') }),
    startDate: isoDate('Start Date'),
    endDate: isoDate('End Date').nullable().default(null),
  })
  .superRefine(endNotBeforeStart);
export type EducationRequest = z.input<typeof EducationRequest>;
export const Education = z.object({ id: z.string(), applicantId: z.string(), course: z.string(), institution: z.string(), location: z.string(), qualificationType: z.string(), startDate: z.string(), endDate: z.string().nullable() });
export type Education = z.infer<typeof Education>;

export const ExperienceRequest = z
  .strictObject({
    employer: requiredText('Employer', 128),
    position: requiredText('Position', 128),
    duties: text('Duties', 2000),
    startDate: isoDate('Start Date'),
    endDate: isoDate('End Date').nullable().default(null),
  })
  .superRefine(endNotBeforeStart);
export type ExperienceRequest = z.input<typeof ExperienceRequest>;
export const Experience = z.object({ id: z.string(), applicantId: z.string(), employer: z.string(), position: z.string(), duties: z.string(), startDate: z.string(), endDate: z.string().nullable() });
export type Experience = z.infer<typeof Experience>;

export const ProfessionalActivityRequest = z
  .strictObject({
    activity: requiredText('Activity', 128),
    organisation: text('Organisation', 128),
    role: text('Role', 128),
    startDate: isoDate('Start Date'),
    endDate: isoDate('End Date').nullable().default(null),
  })
  .superRefine(endNotBeforeStart);
export type ProfessionalActivityRequest = z.input<typeof ProfessionalActivityRequest>;
export const ProfessionalActivity = z.object({ id: z.string(), applicantId: z.string(), activity: z.string(), organisation: z.string(), role: z.string(), startDate: z.string(), endDate: z.string().nullable() });
export type ProfessionalActivity = z.infer<typeof ProfessionalActivity>;

export const PERSONAL_DEVELOPMENT_TYPES = ['Course', 'Conference', 'Seminar', 'Workshop', 'Self-study', 'Other'] as const;
export const ProfessionalDevelopmentRequest = z.strictObject({
  provider: requiredText('Provider', 128),
  numOfHours: z.coerce.number({ error: 'Hours must be a number' }).min(0.5, 'Hours must be at least 0.5').max(2000, 'Hours must be at most 2000'),
  PersonalDevelopmentType: z.enum(PERSONAL_DEVELOPMENT_TYPES, { error: APPLICANT_MESSAGES.required('Type') }),
  startDate: isoDate('Start Date'),
});
export type ProfessionalDevelopmentRequest = z.input<typeof ProfessionalDevelopmentRequest>;
export const ProfessionalDevelopment = z.object({ id: z.string(), applicantId: z.string(), provider: z.string(), numOfHours: z.number(), PersonalDevelopmentType: z.string(), startDate: z.string() });
export type ProfessionalDevelopment = z.infer<typeof ProfessionalDevelopment>;
