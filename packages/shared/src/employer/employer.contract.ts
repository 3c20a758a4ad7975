import { z } from 'zod';
import { COMPANY_ROLE_VALUES, ROLE_LABELS, type CompanyRole } from '../auth/roles';
import { PERSON_FIELD_LABELS, PERSON_MESSAGES, requiredEmail, requiredName } from '../common/person-fields';

/**
 * A company's own portal (issue 42, decision 037): its users (coordinator and viewer), signing in
 * at `/employer/login`, and the routes under `api/employer/`.
 */
export const EMPLOYER_MESSAGES = {
  firstNameRequired: PERSON_MESSAGES.firstNameRequired,
  lastNameRequired: PERSON_MESSAGES.lastNameRequired,
  emailRequired: PERSON_MESSAGES.emailRequired,
  invalidEmail: PERSON_MESSAGES.invalidEmail,
  emailTaken: 'A user with this email already exists',
  roleRequired: "Role must be the company's coordinator or viewer",
  userNotFound: 'Company user not found',
  companyNotFound: 'Company not found',
  companyInactive: 'The company is not active: approve it before inviting its users',
  notYourself: 'You cannot change your own role or access',
  lastCoordinator: 'The company needs at least one active coordinator',
  alreadyActivated: 'This user has already chosen a password',
} as const;

/** The company's two roles, by their labels. */
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = { 6: ROLE_LABELS[6], 7: ROLE_LABELS[7] };

export const CompanyRoleSchema = z.union(
  COMPANY_ROLE_VALUES.map((role) => z.literal(role)),
  { error: EMPLOYER_MESSAGES.roleRequired },
);

/** The company the signed-in company user acts for, and what they may do there. */
export const EmployerCompany = z.object({
  id: z.string(),
  name: z.string(),
  businessNumberKind: z.enum(['ABN', 'NZBN']).nullable(),
  businessNumber: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  role: z.number().int(),
  isCoordinator: z.boolean(),
  /** Applicants' claims to work for the company that wait for a decision. */
  pendingClaims: z.number().int(),
  /** Approved employees. */
  people: z.number().int(),
});
export type EmployerCompany = z.infer<typeof EmployerCompany>;

export const CompanyUser = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.number().int(),
  active: z.boolean(),
  /** Whether they have chosen a password through the invitation (or signed in since). */
  hasSignedUp: z.boolean(),
  invitedOn: z.string(),
  /** Who invited them: a name, or null for the demo's and imported users. */
  invitedBy: z.string().nullable(),
});
export type CompanyUser = z.infer<typeof CompanyUser>;

export const InviteCompanyUserRequest = z.strictObject({
  firstName: requiredName(PERSON_FIELD_LABELS.firstName),
  lastName: requiredName(PERSON_FIELD_LABELS.lastName),
  email: requiredEmail(),
  role: CompanyRoleSchema,
});
export type InviteCompanyUserRequest = z.input<typeof InviteCompanyUserRequest>;

/** A coordinator changes another user's role, deactivates or reactivates them, or mails a new invitation. */
export const UpdateCompanyUserRequest = z.strictObject({
  role: CompanyRoleSchema.optional(),
  active: z.boolean().optional(),
  resendInvitation: z.boolean().optional(),
});
export type UpdateCompanyUserRequest = z.input<typeof UpdateCompanyUserRequest>;

/** How long an invitation's link to choose a first password lasts. */
export const COMPANY_INVITATION_DAYS = 7;
