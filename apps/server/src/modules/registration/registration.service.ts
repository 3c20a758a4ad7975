import { isPasswordTheEmail, PASSWORD_MESSAGES } from '@certs/shared/auth/password-rule';
import { REGISTRATION_MESSAGES, passwordLinkPath } from '@certs/shared/auth/registration.contract';
import { LOGIN_PATHS, type UserType } from '@certs/shared/auth/roles';
import { DEFAULT_TIME_ZONE } from '@certs/shared/common/dates';
import type { z } from 'zod';
import type { ForgotPasswordRequest as ForgotSchema, RegisterApplicantRequest as RegisterSchema } from '@certs/shared/auth/registration.contract';
import { AppError } from '../../platform/app-error';
import type { SessionUserChanges } from '../../platform/auth/authenticate';
import { hashPassword } from '../../platform/auth/password';
import { hashToken, newRandomToken } from '../../platform/auth/tokens';
import type { MailService } from '../../platform/mail/mail.service';
import { emailKey, RATE_LIMIT_KINDS, type MailRequestLimit } from './mail-request-limit';
import type { RegistrationRepository, TokenPurpose } from './registration.repository';

/** How the "no such account" mail names the kind of account asked for. */
const ACCOUNT_KIND: Record<UserType, string> = { admin: 'staff', applicant: 'applicant', employer: 'company' };

export const ACTIVATION_HOURS = 24;
export const RESET_HOURS = 1;
export const REGISTRATION_NOT_FOUND = 'Registration not found';

/** Matches no user: lets a request for an unknown email run the same update as a known one's. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    private readonly limits: MailRequestLimit,
  ) {}

  /**
   * The same answer whether or not the email is known, after the same work (the password hashed,
   * the same rows written, one mail queued in the transaction); the mail says which it was.
   */
  async register(input: z.output<typeof RegisterSchema>, clientAddress: string): Promise<{ message: string }> {
    const email = input.email.trim();
    await this.limits.admit(email, clientAddress);
    const passwordHash = await hashPassword(input.password);
    const existing = await this.repository.findUserByEmail(email);
    const applicant = { email, firstName: input.firstName, lastName: input.lastName, passwordHash, timeZone: input.timeZone ?? DEFAULT_TIME_ZONE };
    await this.repository.transaction(async (tx) => {
      // A registered email makes the same writes on a throwaway address, undone at once (timing).
      const created = await this.repository.withinSavepoint(tx, !!existing, async () => {
        const inserted = await this.repository.insertApplicant(tx, existing ? { ...applicant, email: `${newRandomToken()}@rehearsal.invalid` } : applicant);
        return inserted && { userId: inserted.userId, token: await this.issueToken(tx, inserted.userId, 'activation', ACTIVATION_HOURS) };
      });
      if (existing) {
        await this.mail.send(
          {
            to: existing.email,
            toUserId: existing.id,
            subject: 'Someone tried to register with your email',
            paragraphs: [
              `Hello ${existing.firstName},`,
              'Someone (perhaps you) tried to create an account with this email address, which already has one. Nothing was changed.',
              'If it was you, sign in, or choose a new password if you have forgotten it.',
            ],
            links: [
              { label: 'Sign in', url: `${this.publicUrl}${LOGIN_PATHS[existing.userType]}` },
              { label: 'Forgot password', url: `${this.publicUrl}/forgot-password` },
            ],
          },
          tx,
        );
        return;
      }
      // Lost a race with another registration of the same email: that one's mail went out.
      if (!created) return;
      await this.mailActivation(tx, created.userId, email, input.firstName, created.token);
    });
    return { message: REGISTRATION_MESSAGES.checkYourMail };
  }

  /** A new activation link for an account waiting for one; any other email is told why there is none. */
  async resendActivation(email: string, clientAddress: string): Promise<{ message: string }> {
    await this.limits.admit(email, clientAddress);
    const user = await this.repository.findUserByEmail(email.trim(), 'applicant');
    const pending = user && !user.activatedOn ? user : undefined;
    await this.repository.transaction(async (tx) => {
      // Both branches run the same update and write one row and one mail (timing, issue 15 item 7).
      await this.repository.retireTokens(pending?.id ?? NO_USER_ID, 'activation', tx);
      if (pending) {
        await this.sendActivation(tx, pending.id, pending.email, pending.firstName);
        return;
      }
      await this.repository.recordUnmatchedRequest(tx, RATE_LIMIT_KINDS.unmatchedEmail, emailKey(email));
      await this.mail.send(
        {
          to: user?.email ?? email.trim(),
          toUserId: user?.id ?? null,
          subject: 'About your activation request',
          paragraphs: [
            user ? `Hello ${user.firstName},` : 'Hello,',
            user
              ? 'Someone (perhaps you) asked for a new activation link for this email address. Its account does not need activating: nothing was changed.'
              : 'Someone (perhaps you) asked for a new activation link for this email address, but no applicant account uses it. Nothing was changed.',
            user ? 'If it was you, sign in, or choose a new password if you have forgotten it.' : 'If it was you, perhaps you registered with another address, or you can register now.',
          ],
          links: user
            ? [
                { label: 'Sign in', url: `${this.publicUrl}/student/login` },
                { label: 'Forgot password', url: `${this.publicUrl}/forgot-password` },
              ]
            : [{ label: 'Register', url: `${this.publicUrl}/register` }],
        },
        tx,
      );
    });
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

  /**
   * Whether a registration is activated, only for a caller holding one of its activation links
   * (`?token=`, used or not, until it expires). Any other caller, whether or not the id exists,
   * gets the same 404 (issue 15 item 7): an id alone proves nothing.
   */
  async registrationStatus(applicantId: string, token: string | undefined): Promise<{ id: string; isActivated: boolean }> {
    const found = token && UUID.test(applicantId) ? await this.repository.findRegistrationByActivationToken(applicantId, hashToken(token)) : undefined;
    if (!found) throw new AppError('NOT_FOUND', REGISTRATION_NOT_FOUND);
    return { id: found.id, isActivated: !!found.activatedOn };
  }

  /**
   * Always the same answer after the same work: a known, active account gets a link valid for an
   * hour; any other email a notice that no account can use one (one mail either way).
   */
  async forgotPassword(input: z.output<typeof ForgotSchema>, clientAddress: string): Promise<{ message: string }> {
    const email = input.email.trim();
    await this.limits.admit(email, clientAddress);
    const found = await this.repository.findUserByEmail(email, input.userType);
    const user = found?.active ? found : undefined;
    await this.repository.transaction(async (tx) => {
      // Both branches run the same update and write one row and one mail (timing, issue 15 item 7).
      await this.repository.retireTokens(user?.id ?? NO_USER_ID, 'reset', tx);
      if (user) {
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
            links: [{ label: 'Choose a new password', url: `${this.publicUrl}${passwordLinkPath(token, 'reset')}` }],
          },
          tx,
        );
        return;
      }
      await this.repository.recordUnmatchedRequest(tx, RATE_LIMIT_KINDS.unmatchedEmail, emailKey(email));
      await this.mail.send(
        {
          to: found?.email ?? email,
          toUserId: found?.id ?? null,
          subject: 'About your password request',
          paragraphs: [
            found ? `Hello ${found.firstName},` : 'Hello,',
            `Someone (perhaps you) asked for a link to choose a new password for this email address, but no ${ACCOUNT_KIND[input.userType]} account that can sign in uses it. Nothing was changed.`,
            input.userType === 'admin'
              ? 'If it was you, ask your account administrator.'
              : input.userType === 'employer'
                ? "If it was you, ask your company's coordinator to invite you."
                : 'If it was you, perhaps you registered with another address, or you can register now.',
          ],
          links: input.userType === 'applicant' ? [{ label: 'Register', url: `${this.publicUrl}/register` }] : [],
        },
        tx,
      );
    });
    return { message: REGISTRATION_MESSAGES.resetSent };
  }

  async resetTokenInfo(token: string): Promise<{ isValid: boolean; maskedEmail: string | null; userType: UserType | null }> {
    const live = await this.repository.findLiveToken(hashToken(token), 'reset');
    return { isValid: !!live, maskedEmail: live ? maskEmail(live.email) : null, userType: live?.userType ?? null };
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
    if (isPasswordTheEmail(password, live.email)) {
      throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.rule, { password: PASSWORD_MESSAGES.rule });
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
    await this.mailActivation(tx, userId, email, firstName, await this.issueToken(tx, userId, 'activation', ACTIVATION_HOURS));
  }

  private async mailActivation(tx: Parameters<RegistrationRepository['insertToken']>[1], userId: string, email: string, firstName: string, token: string): Promise<void> {
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
