import { z } from 'zod';
import { OFFERED_TIME_ZONE_NAMES } from '../common/dates';

export const REGISTRATION_MESSAGES = {
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  invalidEmail: 'Invalid email',
  passwordLength: 'Password must be at least 10 characters',
  passwordIsEmail: 'Password must not be your email',
  passwordsDiffer: 'Passwords do not match',
  checkYourMail: 'Thank you. We have sent a message to that address: follow its link to activate your account.',
  resetSent: 'If an account uses that email, we have sent it a link to choose a new password.',
  linkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  activated: 'Your account is active. You can sign in now.',
  notActivated: 'Your account is not activated yet. Use the link in the email we sent you, or ask for a new one.',
  passwordChanged: 'Your password has been changed. Sign in with the new one.',
} as const;

/** The applicant password policy: at least 10 characters, and not the email. */
export const NewPassword = z.string().min(10, REGISTRATION_MESSAGES.passwordLength).max(128, 'At most 128 characters');

function passwordIsNotEmail(value: { email: string; password: string }, ctx: z.RefinementCtx): void {
  const email = value.email.trim().toLowerCase();
  const password = value.password.trim().toLowerCase();
  if (email && (password === email || password === email.split('@')[0])) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: REGISTRATION_MESSAGES.passwordIsEmail });
  }
}

export const RegisterApplicantRequest = z
  .strictObject({
    firstName: z.string().trim().min(1, REGISTRATION_MESSAGES.firstNameRequired).max(64),
    lastName: z.string().trim().min(1, REGISTRATION_MESSAGES.lastNameRequired).max(64),
    email: z.email(REGISTRATION_MESSAGES.invalidEmail).max(254),
    password: NewPassword,
    timeZone: z.enum(OFFERED_TIME_ZONE_NAMES).optional(),
  })
  .superRefine(passwordIsNotEmail);
export type RegisterApplicantRequest = z.input<typeof RegisterApplicantRequest>;

/** The same answer whether or not the email exists: a stranger learns nothing. */
export const AcceptedResponse = z.object({ message: z.string() });

export const ActivationResponse = z.object({ id: z.string(), email: z.string(), message: z.string() });
export const RegistrationStatusResponse = z.object({ id: z.string(), isActivated: z.boolean() });
export const ResendActivationRequest = z.strictObject({ email: z.email(REGISTRATION_MESSAGES.invalidEmail) });

export const ForgotPasswordRequest = z.strictObject({
  email: z.email(REGISTRATION_MESSAGES.invalidEmail),
  userType: z.enum(['admin', 'applicant']).default('applicant'),
});
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

/** What the reset page may show about a token: only whether it is good, and for whom (masked). */
export const ResetTokenResponse = z.object({ isValid: z.boolean(), maskedEmail: z.string().nullable() });
export const ResetTokenUserResponse = z.object({ id: z.string() });

export const ResetPasswordRequest = z
  .strictObject({ token: z.string().min(1), email: z.string().default(''), password: NewPassword })
  .superRefine(passwordIsNotEmail);
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;
