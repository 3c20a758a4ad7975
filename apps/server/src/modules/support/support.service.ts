import { randomInt } from 'node:crypto';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { isPasswordTheEmail, PASSWORD_MESSAGES } from '@certs/shared/auth/password-rule';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { formatInvoiceNumber } from '@certs/shared/payment/payment.contract';
import { stageLabelOf } from '@certs/shared/report/report.contract';
import {
  SUPPORT_MESSAGES,
  type AicipAwaitingPaymentQuery,
  type AicipPaymentApplication,
  type AicipPaymentRequest,
  type ChangeTemporaryPasswordRequest,
  type FindUserQuery,
  type FoundUser,
  type SupportAction,
  type SupportLogQuery,
} from '@certs/shared/support/support.contract';
import type { Payment } from '@certs/shared/payment/payment.contract';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser, type SessionUserChanges } from '../../platform/auth/authenticate';
import { hashPassword } from '../../platform/auth/password';
import { hashToken, newRandomToken } from '../../platform/auth/tokens';
import type { PaymentService } from '../payment/payment.service';
import type { RegistrationService } from '../registration/registration.service';
import { canChangeAccount, canUseSupport } from './support.policy';
import type { AicipApplicationRow, FoundUserRow, SupportRepository } from './support.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long the sign-in's change token lasts: long enough to type a new password twice. */
const CHANGE_TOKEN_MINUTES = 15;
/** Read aloud over the phone: no 0/O, 1/l/I. */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Three groups of four, with a letter and a digit (the password policy). */
export function newTemporaryPassword(): string {
  for (;;) {
    const chars = Array.from({ length: 12 }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]).join('');
    const candidate = `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
    if (/[A-Za-z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

function toFoundUser(row: FoundUserRow): FoundUser {
  return {
    userId: row.userId,
    userType: row.userType,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    active: row.active,
    isActivated: !!row.activatedOn,
    applicantId: row.applicantId,
    memberNumber: row.memberNumber ?? '',
    hasTemporaryPassword: !!row.temporaryPasswordSetOn,
  };
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

function toAicipApplication(row: AicipApplicationRow): AicipPaymentApplication {
  const invoice =
    row.invoiceId && row.invoiceNumber !== null && row.invoiceStatus && row.issuedOn
      ? {
          id: row.invoiceId,
          invoiceNumber: formatInvoiceNumber(Number(row.invoiceNumber), row.invoicePrefix),
          totalCents: Number(row.totalCents ?? 0),
          currency: row.currency ?? 'AUD',
          status: row.invoiceStatus,
          issuedOn: isoOf(row.issuedOn),
          paidOn: row.paidOn ? isoOf(row.paidOn) : null,
        }
      : null;
  return {
    applicationId: row.applicationId,
    applicationNumber: row.applicationNumber,
    programId: row.programId,
    programCode: row.programCode,
    programTitle: row.programTitle,
    applicantName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    memberNumber: row.memberNumber,
    status: row.status,
    workflowStage: row.workflowStage,
    stageLabel: row.workflowStage ? stageLabelOf(row.workflowStage) : row.status,
    // The payments module's offline rule (verifyOffline): payment requested, the latest invoice issued.
    isAwaitingPayment: row.status === 'Examinations Stage' && row.workflowStage === 'Payment Stage Requested' && invoice?.status === 'Issued',
    invoice,
  };
}

export interface SupportDeps {
  repository: SupportRepository;
  sessionUsers: SessionUserChanges;
  registration: Pick<RegistrationService, 'resendActivation'>;
  payments: Pick<PaymentService, 'verifyOffline'>;
}

/**
 * Admin-only support actions (spec section 6, `api/108/`; issue 20). Each change and its log row
 * (who, when, why) are written in one transaction; the user's sessions end with the change.
 */
export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  async findUsers(actor: CurrentUser, query: z.output<typeof FindUserQuery>) {
    this.assertSupport(actor);
    const { rows, totalRows } = await this.deps.repository.findUsers({ accountId: staffAccountOf(actor), page: query.page, pageSize: query.pageSize, search: query.searchTerm, searchBy: query.searchBy });
    return { rows: rows.map(toFoundUser), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async setActive(actor: CurrentUser, userId: string, input: { active: boolean; reason: string }) {
    this.assertSupport(actor);
    await this.deps.repository.transaction(async (tx) => {
      await this.lockChangeable(tx, actor, userId);
      await this.deps.repository.setActive(tx, userId, input.active, actor.id);
      await this.log(tx, actor, input.active ? 'activate' : 'deactivate', { targetUserId: userId, reason: input.reason });
    });
    // This instance forgets the user at once; the others hear of it from PostgreSQL (decision 013).
    this.deps.sessionUsers.forget(userId);
    return { message: input.active ? SUPPORT_MESSAGES.activated : SUPPORT_MESSAGES.deactivated, user: await this.found(actor, userId) };
  }

  /** A temporary password, shown once to support; the next sign-in must choose a new one. */
  async setTemporaryPassword(actor: CurrentUser, userId: string, reason: string) {
    this.assertSupport(actor);
    const temporaryPassword = newTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    await this.deps.repository.transaction(async (tx) => {
      await this.lockChangeable(tx, actor, userId);
      await this.deps.repository.setPassword(tx, userId, passwordHash, actor.id);
      await this.deps.repository.markTemporaryPassword(tx, userId, actor.id);
      await this.log(tx, actor, 'temporaryPassword', { targetUserId: userId, reason });
    });
    this.deps.sessionUsers.forget(userId);
    return { message: SUPPORT_MESSAGES.temporaryPasswordSet, temporaryPassword, user: await this.found(actor, userId) };
  }

  /** A new activation link for an applicant who never activated, through registration's own flow (its limits apply). */
  async resendActivation(actor: CurrentUser, userId: string, reason: string, clientAddress: string) {
    this.assertSupport(actor);
    const user = UUID.test(userId) ? await this.deps.repository.findUser(userId, staffAccountOf(actor)) : undefined;
    if (!user) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.userNotFound);
    if (user.userType !== 'applicant') throw new AppError('CONFLICT', SUPPORT_MESSAGES.notAnApplicant);
    if (user.activatedOn) throw new AppError('CONFLICT', SUPPORT_MESSAGES.alreadyActivated);
    await this.deps.registration.resendActivation(user.email, clientAddress);
    await this.deps.repository.transaction((tx) => this.log(tx, actor, 'activationLink', { targetUserId: userId, reason }));
    return { message: SUPPORT_MESSAGES.activationSent, user: toFoundUser(user) };
  }

  /**
   * Records an offline payment of an AICIP application's open invoice through the payments
   * module (its checks: the invoice, the stage, the amount), then logs it.
   */
  async recordAicipPayment(actor: CurrentUser, input: z.output<typeof AicipPaymentRequest>): Promise<Payment> {
    this.assertSupport(actor);
    const application = await this.deps.repository.findApplication(input.applicationId, staffAccountOf(actor));
    if (!application) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.applicationNotFound);
    if (application.programType !== PROGRAM_TYPES.AICIP) throw new AppError('CONFLICT', SUPPORT_MESSAGES.notAicip);
    const payment = await this.deps.payments.verifyOffline(actor, 'aicipapplicationmodule', application.id, {
      reference: input.reference,
      paidOn: input.paidOn,
      note: input.note ? `${input.note} (support: ${input.reason})` : `Support: ${input.reason}`,
    });
    await this.deps.repository.transaction((tx) =>
      this.log(tx, actor, 'aicipPayment', {
        targetUserId: application.userId,
        applicationId: application.id,
        reason: input.reason,
        details: { applicationNumber: application.applicationNumber, reference: input.reference, amountCents: payment.amountCents },
      }),
    );
    return payment;
  }

  /** The AICIP applications waiting for a payment support may record (`api/108/aicipapplications`). */
  async findAicipAwaitingPayment(actor: CurrentUser, query: z.output<typeof AicipAwaitingPaymentQuery>) {
    this.assertSupport(actor);
    const { rows, totalRows } = await this.deps.repository.findAicipAwaitingPayment({ accountId: staffAccountOf(actor), page: query.page, pageSize: query.pageSize, search: query.searchTerm?.trim() || undefined });
    return { rows: rows.map(toAicipApplication), page: query.page, pageSize: query.pageSize, totalRows };
  }

  /** One AICIP application with its latest invoice, paid or not (what the screen shows after recording a payment). */
  async findAicipApplication(actor: CurrentUser, applicationId: string): Promise<AicipPaymentApplication> {
    this.assertSupport(actor);
    const row = UUID.test(applicationId) ? await this.deps.repository.findAicipApplication(applicationId, staffAccountOf(actor)) : undefined;
    if (!row) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.applicationNotFound);
    return toAicipApplication(row);
  }

  async findLog(actor: CurrentUser, query: z.output<typeof SupportLogQuery>) {
    this.assertSupport(actor);
    const { rows, totalRows } = await this.deps.repository.findLog({ accountId: staffAccountOf(actor), page: query.page, pageSize: query.pageSize, search: query.searchTerm?.trim() || undefined, action: query.action });
    return {
      rows: rows.map((row) => ({
        id: row.entry.id,
        action: row.entry.action,
        actorName: `${row.actorFirstName} ${row.actorLastName}`.trim(),
        targetName: row.targetEmail ? `${row.targetFirstName ?? ''} ${row.targetLastName ?? ''}`.trim() : null,
        targetEmail: row.targetEmail,
        applicationId: row.entry.applicationId,
        reason: row.entry.reason,
        details: row.entry.details,
        createdOn: row.entry.createdOn.toISOString(),
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalRows,
    };
  }

  /** For the sign-in: a fresh change token when the user's password is a temporary one, else null. */
  async changeTokenIfDue(userId: string): Promise<string | null> {
    const token = newRandomToken();
    const isDue = await this.deps.repository.issueChangeToken(userId, hashToken(token), new Date(Date.now() + CHANGE_TOKEN_MINUTES * 60_000));
    return isDue ? token : null;
  }

  /** The user's own new password in place of the temporary one; the token works once. */
  async changeTemporaryPassword(input: z.output<typeof ChangeTemporaryPasswordRequest>): Promise<{ message: string }> {
    const passwordHash = await hashPassword(input.password);
    const userId = await this.deps.repository.transaction(async (tx) => {
      const consumed = await this.deps.repository.consumeChangeToken(tx, hashToken(input.changeToken));
      if (!consumed) throw new AppError('BAD_REQUEST', SUPPORT_MESSAGES.changeLinkInvalid);
      // The one password rule's last part, which needs the account's email (the token stays usable).
      if (isPasswordTheEmail(input.password, (await this.deps.repository.findEmailOf(consumed.userId, tx)) ?? '')) {
        throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.rule, { password: PASSWORD_MESSAGES.rule });
      }
      await this.deps.repository.setPassword(tx, consumed.userId, passwordHash, consumed.userId);
      return consumed.userId;
    });
    this.deps.sessionUsers.forget(userId);
    return { message: SUPPORT_MESSAGES.passwordChanged };
  }

  private assertSupport(actor: CurrentUser): void {
    if (!canUseSupport(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  private async lockChangeable(tx: Executor, actor: CurrentUser, userId: string): Promise<void> {
    const target = UUID.test(userId) ? await this.deps.repository.lockUser(tx, userId, staffAccountOf(actor)) : undefined;
    if (!target) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.userNotFound);
    const verdict = canChangeAccount(actor, target);
    if (verdict === 'self') throw new AppError('CONFLICT', SUPPORT_MESSAGES.notYourself);
    if (verdict === 'superUser') throw new AppError('FORBIDDEN', SUPPORT_MESSAGES.superUserOnly);
  }

  private log(tx: Executor, actor: CurrentUser, action: SupportAction, entry: { targetUserId: string | null; applicationId?: string; reason: string; details?: Record<string, string | number | boolean | null> }) {
    return this.deps.repository.insertAction(tx, {
      action,
      actorUserId: actor.id,
      targetUserId: entry.targetUserId,
      applicationId: entry.applicationId ?? null,
      reason: entry.reason,
      details: entry.details ?? {},
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
  }

  private async found(actor: CurrentUser, userId: string): Promise<FoundUser> {
    const row = await this.deps.repository.findUser(userId, staffAccountOf(actor));
    if (!row) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.userNotFound);
    return toFoundUser(row);
  }
}
