import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { MFA_MESSAGES, RECOVERY_CODE_COUNT, type MfaEnrolment, type MfaStatus } from '@certs/shared/auth/mfa.contract';
import { ROLES, type Role, type UserType } from '@certs/shared/auth/roles';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { MfaRepository } from './mfa.repository';
import { MfaSecretBox } from './mfa-secret-box';

/** Codes of the step before and after the current one are accepted too (a phone's clock a little off). */
const TOTP_TOLERANCE_SECONDS = 30;
/** Crockford's base32 without look-alikes: 10 characters are 50 random bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CODE_LENGTH = 10;

/** Staff roles that must use a second factor when MFA_REQUIRED_FOR_ADMINS is on. */
const ROLES_REQUIRING_MFA: readonly Role[] = [ROLES.SuperUser, ROLES.AccountAdministrator];

export interface MfaOptions {
  /** MFA_REQUIRED_FOR_ADMINS, resolved (on with DATABASE_URL unless set). */
  isRequiredForAdmins: boolean;
  /** The name authenticator apps show next to the account. */
  issuer: string;
}

interface MfaUser {
  id: string;
  email: string;
  userType: UserType;
  role: number;
}

/** Six digits (spaces allowed) are an app's code; anything else is read as a recovery code. */
function totpCodeOf(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The time step a code matched (within the tolerance, and after `afterStep`), or null. */
async function matchedStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verifyTotp({
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-z]/g, '');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** TOTP second factor with recovery codes (decision 020). */
export class MfaService {
  constructor(
    private readonly repository: MfaRepository,
    private readonly box: MfaSecretBox,
    private readonly options: MfaOptions,
  ) {}

  isRequiredFor(user: Pick<MfaUser, 'userType' | 'role'>): boolean {
    return this.options.isRequiredForAdmins && user.userType === 'admin' && ROLES_REQUIRING_MFA.includes(user.role as Role);
  }

  isEnabled(userId: string): Promise<boolean> {
    return this.repository.isEnabled(userId);
  }

  async status(user: MfaUser): Promise<MfaStatus> {
    const enabled = await this.repository.isEnabled(user.id);
    return { enabled, required: this.isRequiredFor(user), recoveryCodesLeft: enabled ? await this.repository.countRecoveryCodesLeft(user.id) : 0 };
  }

  /** A new secret for the user's app; it counts only once a code from it is confirmed. */
  async startEnrolment(user: MfaUser): Promise<MfaEnrolment> {
    const secret = generateSecret();
    const isSaved = await this.repository.savePending(user.id, this.box.seal(secret));
    if (!isSaved) throw new AppError('CONFLICT', MFA_MESSAGES.alreadyEnabled);
    const otpauthUri = generateURI({ issuer: this.options.issuer, label: user.email, secret });
    const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { secret, otpauthUri, qrCodeDataUrl };
  }

  /** Turns two-step sign-in on with a first code from the app; returns the recovery codes, shown this once. */
  async confirmEnrolment(userId: string, code: string): Promise<string[]> {
    const row = await this.repository.find(userId);
    if (!row) throw new AppError('CONFLICT', MFA_MESSAGES.notEnrolling);
    if (row.enabledOn) throw new AppError('CONFLICT', MFA_MESSAGES.alreadyEnabled);
    const secret = this.box.open(row.secretEncrypted);
    const totp = totpCodeOf(code);
    const step = secret && totp ? await matchedStep(secret, totp, null) : null;
    if (step === null) throw new AppError('BAD_REQUEST', MFA_MESSAGES.invalidCode, { code: MFA_MESSAGES.invalidCode });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const isEnabled = await this.repository.enable(userId, step, codes.map((c) => this.box.hashRecoveryCode(normaliseRecoveryCode(c))));
    if (!isEnabled) throw new AppError('CONFLICT', MFA_MESSAGES.alreadyEnabled);
    return codes;
  }

  /**
   * Whether a code completes a sign-in: a TOTP code of a step later than the last accepted one, or
   * an unused recovery code. Either is spent by the check.
   */
  async verifyCode(userId: string, code: string): Promise<boolean> {
    const row = await this.repository.find(userId);
    if (!row?.enabledOn) return false;
    const totp = totpCodeOf(code);
    if (totp) {
      const secret = this.box.open(row.secretEncrypted);
      if (!secret) return false;
      const step = await matchedStep(secret, totp, row.lastUsedStep);
      return step !== null && (await this.repository.useStep(userId, step));
    }
    const normalised = normaliseRecoveryCode(code);
    if (normalised.length !== RECOVERY_CODE_LENGTH) return false;
    return this.repository.useRecoveryCode(userId, this.box.hashRecoveryCode(normalised));
  }

  async disable(user: MfaUser, checkPassword: (passwordHash: string | undefined) => Promise<boolean>): Promise<void> {
    if (this.isRequiredFor(user)) throw new AppError('FORBIDDEN', MFA_MESSAGES.requiredForRole);
    if (!(await checkPassword(await this.repository.passwordHashOf(user.id)))) {
      throw new AppError('BAD_REQUEST', MFA_MESSAGES.wrongPassword, { password: MFA_MESSAGES.wrongPassword });
    }
    await this.repository.remove(user.id);
  }
}

/** MFA_REQUIRED_FOR_ADMINS as set, or on for a server database and off on the embedded default. */
export function isMfaRequiredForAdmins(env: { MFA_REQUIRED_FOR_ADMINS?: '0' | '1'; DATABASE_URL?: string }): boolean {
  return env.MFA_REQUIRED_FOR_ADMINS ? env.MFA_REQUIRED_FOR_ADMINS === '1' : !!env.DATABASE_URL;
}

/** Wires the second factor for app.ts. */
export function createMfaService(db: Database, env: { MFA_REQUIRED_FOR_ADMINS?: '0' | '1'; DATABASE_URL?: string; MFA_SECRET_KEY?: string; AWARDING_BODY_NAME: string }, jwtSecret: string): MfaService {
  return new MfaService(new MfaRepository(db), new MfaSecretBox(env.MFA_SECRET_KEY ?? jwtSecret), {
    isRequiredForAdmins: isMfaRequiredForAdmins(env),
    issuer: env.AWARDING_BODY_NAME,
  });
}
