import { z } from 'zod';
import { LoginResponse } from './auth.contract';

/** Two-step sign-in: a TOTP code from an authenticator app, or a single-use recovery code (decision 020). */
export const MFA_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app',
  invalidCode: 'That code is not right, or has already been used. Enter the current code from your app.',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  alreadyEnabled: 'Two-step sign-in is already on',
  notEnrolling: 'Start setting up two-step sign-in first',
  requiredForRole: 'Two-step sign-in is required for your role and cannot be turned off',
  wrongPassword: 'That password is not right',
  passwordRequired: 'Enter your password to turn two-step sign-in off',
} as const;

export const RECOVERY_CODE_COUNT = 10;

/** What the user types: six digits from the app, or a recovery code (spaces and case ignored). */
export const MfaCode = z.string().trim().min(1, MFA_MESSAGES.codeRequired).max(32, MFA_MESSAGES.invalidCode);

const ChallengeToken = z.string().min(1, MFA_MESSAGES.challengeExpired).max(2048, MFA_MESSAGES.challengeExpired);

/**
 * The password was right, and a second step is needed before a session is given: `code` when the
 * user has two-step sign-in, `enrolment` when their role requires it and they have yet to set it up.
 */
export const SecondFactorRequired = z.object({
  /** `passwordChange`: a temporary password set by support; a new password first (issue 20), the token is the change token. */
  secondFactor: z.enum(['code', 'enrolment', 'passwordChange']),
  challengeToken: z.string(),
});
export type SecondFactorRequired = z.infer<typeof SecondFactorRequired>;

/** What the password step answers: a session, or the second step it needs first. */
export const PasswordStepResponse = z.union([LoginResponse, SecondFactorRequired]);
export type PasswordStepResponse = z.infer<typeof PasswordStepResponse>;

export function isSecondFactorRequired(response: PasswordStepResponse): response is SecondFactorRequired {
  return 'secondFactor' in response;
}

/** The second step of a sign-in. */
export const MfaSignInRequest = z.strictObject({ challengeToken: ChallengeToken, code: MfaCode });
export type MfaSignInRequest = z.infer<typeof MfaSignInRequest>;

/** Enrolment a role requires, started with the password step's challenge. */
export const MfaChallengeEnrolmentRequest = z.strictObject({ challengeToken: ChallengeToken });
export type MfaChallengeEnrolmentRequest = z.infer<typeof MfaChallengeEnrolmentRequest>;

/** A new secret waiting for its first code: scanned as the QR code, or typed in. */
export const MfaEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** A PNG of the otpauth URI as a data: URL. */
  qrCodeDataUrl: z.string(),
});
export type MfaEnrolment = z.infer<typeof MfaEnrolment>;

export const MfaConfirmRequest = z.strictObject({ code: MfaCode });
export type MfaConfirmRequest = z.infer<typeof MfaConfirmRequest>;

export const MfaRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof MfaRecoveryCodes>;

/** Confirming a required enrolment signs the user in and shows the recovery codes, once. */
export const MfaEnrolledSignIn = LoginResponse.extend({ recoveryCodes: z.array(z.string()) });
export type MfaEnrolledSignIn = z.infer<typeof MfaEnrolledSignIn>;

export const MfaChallengeConfirmRequest = z.strictObject({ challengeToken: ChallengeToken, code: MfaCode });
export type MfaChallengeConfirmRequest = z.infer<typeof MfaChallengeConfirmRequest>;

export const MfaStatus = z.object({
  enabled: z.boolean(),
  /** Required for this user's role on this deployment: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof MfaStatus>;

export const MfaDisableRequest = z.strictObject({ password: z.string().min(1, MFA_MESSAGES.passwordRequired).max(256) });
export type MfaDisableRequest = z.infer<typeof MfaDisableRequest>;
