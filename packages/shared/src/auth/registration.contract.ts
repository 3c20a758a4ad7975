import { z } from 'zod';
import { USER_TYPES } from './roles';
import { OFFERED_TIME_ZONE_NAMES } from '../common/dates';
import { PERSON_FIELD_LABELS, PERSON_MESSAGES, requiredEmail, requiredName } from '../common/person-fields';
import { NewPassword, PASSWORD_MESSAGES, refinePasswordNotEmail } from './password-rule';

/**
 * The page a mailed link to choose a password opens. An invitation (an account staff made: bulk
 * import, legacy import) asks for a first password, so the page says "choose", not "reset".
 */
export const passwordLinkPath = (token: string, kind: 'reset' | 'invitation') => `/reset-password/${token}${kind === 'invitation' ? '?invited=1' : ''}`;

export const REGISTRATION_MESSAGES = {
  firstNameRequired: PERSON_MESSAGES.firstNameRequired,
  lastNameRequired: PERSON_MESSAGES.lastNameRequired,
  emailRequired: PERSON_MESSAGES.emailRequired,
  invalidEmail: PERSON_MESSAGES.invalidEmail,
  /** The one password rule's message (`auth/password-rule.ts`). */
  passwordRule: PASSWORD_MESSAGES.rule,
  passwordsDiffer: 'Passwords do not match',
  checkYourMail: 'Thank you. We have sent a message to that address: follow its link to activate your account.',
  resetSent: 'If an account uses that email, we have sent it a link to choose a new password.',
  linkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  activated: 'Your account is active. You can sign in now.',
  notActivated: 'Your account is not activated yet. Use the link in the email we sent you, or ask for a new one.',
  passwordChanged: 'Your password has been changed. Sign in with the new one.',
  passwordChosen: 'Your password is set. Sign in with your email and this password.',
} as const;

export const RegisterApplicantRequest = z
  .strictObject({
    firstName: requiredName(PERSON_FIELD_LABELS.firstName),
    lastName: requiredName(PERSON_FIELD_LABELS.lastName),
    email: requiredEmail(),
    password: NewPassword,
    timeZone: z.enum(OFFERED_TIME_ZONE_NAMES).optional(),
  })
  .superRefine(refinePasswordNotEmail);
export type RegisterApplicantRequest = z.input<typeof RegisterApplicantRequest>;

/** The same answer whether or not the email exists: a stranger learns nothing. */
export const AcceptedResponse = z.object({ message: z.string() });

export const ActivationResponse = z.object({ id: z.string(), email: z.string(), message: z.string() });
export const RegistrationStatusResponse = z.object({ id: z.string(), isActivated: z.boolean() });
export const ResendActivationRequest = z.strictObject({ email: requiredEmail() });

export const ForgotPasswordRequest = z.strictObject({
  email: requiredEmail(),
  userType: z.enum(USER_TYPES).default('applicant'),
});
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

/** What the reset page may show about a token: only whether it is good, and for whom (masked). */
/** `userType`: whose link it is, so the page's Sign in goes to their sign-in page (a company user's is /employer/login). */
export const ResetTokenResponse = z.object({ isValid: z.boolean(), maskedEmail: z.string().nullable(), userType: z.enum(USER_TYPES).nullable() });
export const ResetTokenUserResponse = z.object({ id: z.string() });

export const ResetPasswordRequest = z
  .strictObject({ token: z.string().min(1), email: z.string().default(''), password: NewPassword })
  .superRefine(refinePasswordNotEmail);
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;
