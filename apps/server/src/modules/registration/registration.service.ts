import { REGISTRATION_MESSAGES } from '@certs/shared/auth/registration.contract';
import { DEFAULT_TIME_ZONE } from '@certs/shared/common/dates';
import type { z } from 'zod';
import type { ForgotPasswordRequest as ForgotSchema, RegisterApplicantRequest as RegisterSchema } from '@certs/shared/auth/registration.contract';
import { AppError } from '../../platform/app-error';
import type { SessionUserChanges } from '../../platform/auth/authenticate';
import { hashPassword } from '../../platform/auth/password';
import { hashToken, newRandomToken } from '../../platform/auth/tokens';
import type { MailService } from '../../platform/mail/mail.service';
import type { RegistrationRepository, TokenPurpose } from './registration.repository';

export const ACTIVATION_HOURS = 24;
export const RESET_HOURS = 1;

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(1, name.length - 2))}@${domain}`;
}

/** Registration, activation and password reset: every token random, single-use and expiring. */
export class RegistrationService {
  constructor(
    private readonly repository: RegistrationRepository,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    private readonly sessionUsers: SessionUserChanges,
  ) {}

  /** The same answer whether or not the email is known; the mail says which it was. */
  async register(input: z.output<typeof RegisterSchema>): Promise<{ message: string }> {
    const email = input.email.trim();
    // Hashed whether or not the email is known, so that the answer takes as long either way.
    const passwordHash = await hashPassword(input.password);
    const existing = await this.repository.findUserByEmail(email);
    if (existing) {
      await this.mail.send({
        to: existing.email,
        toUserId: existing.id,
        subject: 'Someone tried to register with your email',
        paragraphs: [
          `Hello ${existing.firstName},`,
          'Someone (perhaps you) tried to create an account with this email address, which already has one. Nothing was changed.',
          'If it was you, sign in, or choose a new password if you have forgotten it.',
        ],
        links: [
          { label: 'Sign in', url: `${this.publicUrl}${existing.userType === 'admin' ? '/admin/login' : '/student/login'}` },
          { label: 'Forgot password', url: `${this.publicUrl}/forgot-password` },
        ],
      });
      return { message: REGISTRATION_MESSAGES.checkYourMail };
    }
    await this.repository.transaction(async (tx) => {
      const created = await this.repository.insertApplicant(tx, {
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
      });
      // Lost a race with another registration of the same email: that one's mail went out.
      if (!created) return;
      await this.sendActivation(tx, created.userId, email, input.firstName);
    });
    return { message: REGISTRATION_MESSAGES.checkYourMail };
  }

  async resendActivation(email: string): Promise<{ message: string }> {
    const user = await this.repository.findUserByEmail(email.trim(), 'applicant');
    if (user && !user.activatedOn) {
      await this.repository.transaction(async (tx) => {
        await this.repository.retireTokens(user.id, 'activation', tx);
        await this.sendActivation(tx, user.id, user.email, user.firstName);
      });
    }
    return { message: REGISTRATION_MESSAGES.checkYourMail };
  }

  /** Activation and reset links that expired or were used before the cutoff (the cleanup job). */
  deleteLinksEndedBefore(cutoff: Date): Promise<number> {
    return this.repository.deleteTokensEndedBefore(cutoff);
  }

  async activate(token: string): Promise<{ id: string; email: string; message: string }> {
    const tokenHash = hashToken(token);
    const userId = await this.repository.transaction(async (tx) => {
      const used = await this.repository.consumeToken(tx, tokenHash, 'activation');
      if (!used) throw new AppError('BAD_REQUEST', REGISTRATION_MESSAGES.linkInvalid);
      await this.repository.activate(tx, used.userId);
      return used.userId;
    });
    const applicantId = await this.repository.findApplicantIdOfUser(userId);
    const user = applicantId ? await this.repository.findApplicantById(applicantId) : undefined;
    if (!applicantId || !user) throw new AppError('BAD_REQUEST', REGISTRATION_MESSAGES.linkInvalid);
    return { id: applicantId, email: user.email, message: REGISTRATION_MESSAGES.activated };
  }

  async registrationStatus(applicantId: string): Promise<{ id: string; isActivated: boolean }> {
    const applicant = /^[0-9a-f-]{36}$/i.test(applicantId) ? await this.repository.findApplicantById(applicantId) : undefined;
    if (!applicant) throw new AppError('NOT_FOUND', 'Registration not found');
    return { id: applicant.id, isActivated: !!applicant.activatedOn };
  }

  /** Always the same answer; a known, active account gets a link valid for an hour. */
  async forgotPassword(input: z.output<typeof ForgotSchema>): Promise<{ message: string }> {
    const user = await this.repository.findUserByEmail(input.email.trim(), input.userType);
    if (user && user.active) {
      await this.repository.transaction(async (tx) => {
        await this.repository.retireTokens(user.id, 'reset', tx);
        const token = await this.issueToken(tx, user.id, 'reset', RESET_HOURS);
        await this.mail.send(
          {
            to: user.email,
            toUserId: user.id,
            subject: 'Choose a new password',
            paragraphs: [
              `Hello ${user.firstName},`,
              `Use the link below within ${RESET_HOURS} hour to choose a new password. If you did not ask for this, ignore this message: your password stays as it is.`,
            ],
            links: [{ label: 'Choose a new password', url: `${this.publicUrl}/reset-password/${token}` }],
          },
          tx,
        );
      });
    }
    return { message: REGISTRATION_MESSAGES.resetSent };
  }

  async resetTokenInfo(token: string): Promise<{ isValid: boolean; maskedEmail: string | null }> {
    const live = await this.repository.findLiveToken(hashToken(token), 'reset');
    return { isValid: !!live, maskedEmail: live ? maskEmail(live.email) : null };
  }

  async resetTokenUser(token: string): Promise<{ id: string }> {
    const live = await this.repository.findLiveToken(hashToken(token), 'reset');
    if (!live) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.linkInvalid);
    return { id: live.userId };
  }

  /** Sets the new password once; every session of the account ends with it. */
  async resetPassword(userId: string, token: string, password: string): Promise<{ message: string }> {
    const tokenHash = hashToken(token);
    const live = await this.repository.findLiveToken(tokenHash, 'reset');
    if (!live || live.userId !== userId) throw new AppError('BAD_REQUEST', REGISTRATION_MESSAGES.linkInvalid);
    if (password.trim().toLowerCase() === live.email.toLowerCase()) {
      throw new AppError('BAD_REQUEST', REGISTRATION_MESSAGES.passwordIsEmail, { password: REGISTRATION_MESSAGES.passwordIsEmail });
    }
    const passwordHash = await hashPassword(password);
    await this.repository.transaction(async (tx) => {
      const used = await this.repository.consumeToken(tx, tokenHash, 'reset');
      if (!used) throw new AppError('BAD_REQUEST', REGISTRATION_MESSAGES.linkInvalid);
      await this.repository.setPassword(tx, used.userId, passwordHash);
      // A reset also proves the email: an applicant who never activated is active now.
      await this.repository.activate(tx, used.userId);
    });
    this.sessionUsers.forget(userId);
    return { message: REGISTRATION_MESSAGES.passwordChanged };
  }

  private async sendActivation(tx: Parameters<RegistrationRepository['insertToken']>[1], userId: string, email: string, firstName: string): Promise<void> {
    const token = await this.issueToken(tx, userId, 'activation', ACTIVATION_HOURS);
    await this.mail.send(
      {
        to: email,
        toUserId: userId,
        subject: 'Activate your account',
        paragraphs: [`Hello ${firstName},`, `Thank you for registering. Use the link below within ${ACTIVATION_HOURS} hours to activate your account.`],
        links: [{ label: 'Activate your account', url: `${this.publicUrl}/register/activate/${token}` }],
      },
      tx,
    );
  }

  private async issueToken(tx: Parameters<RegistrationRepository['insertToken']>[1], userId: string, purpose: TokenPurpose, hours: number): Promise<string> {
    const token = newRandomToken();
    await this.repository.insertToken({ userId, purpose, tokenHash: hashToken(token), expiresOn: new Date(Date.now() + hours * 3600_000) }, tx);
    return token;
  }
}
