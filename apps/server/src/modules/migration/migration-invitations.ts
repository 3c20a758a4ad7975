import { passwordLinkPath } from '@certs/shared/auth/registration.contract';
import {
  INVITATION_MESSAGES,
  INVITATION_SAMPLE_SIZE,
  type InvitationBatchRequest,
  type InvitationBatchResult,
  type InvitationMailPreview,
  type InvitationPreview,
} from '@certs/shared/migration/migration-invitations.contract';
import { MIGRATION_MESSAGES } from '@certs/shared/migration/migration.contract';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { hashToken, newRandomToken } from '../../platform/auth/tokens';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { INVITATION_DAYS } from '../bulk-import/bulk-import.service';
import type { InvitablePerson, MigrationInvitationRepository } from './migration-invitations.repository';

/** Where the preview shows the personal link each mail carries. */
export const PERSONAL_LINK_PLACEHOLDER = '<personal link>';

/** The invitation: the awarding body's own mail (its sender name), a link to choose a password, then the person's awards. */
export function invitationMail(person: InvitablePerson, account: { id: string; name: string }, link: string): OutgoingMail {
  return {
    to: person.email,
    toUserId: person.userId,
    accountId: account.id,
    subject: `${account.name}: your account is ready, choose your password`,
    paragraphs: [
      `Hello ${person.firstName},`,
      `${account.name} now keeps its records on this site. An account has been made for you with this email address, with your records from ${account.name}'s previous system.`,
      `Use the link below within ${INVITATION_DAYS} days to choose your password and sign in. Your awards are then under "Your applications and awards", where you can download your certificates. After that, use Forgot password on the sign-in page.`,
    ],
    links: [{ label: 'Choose your password', url: link }],
  };
}

/**
 * Inviting the people a legacy import created (issue 41): the import mails nobody; staff preview
 * the mail and send it in batches. Each person gets a single-use link to choose their password
 * (the reset kind, which also activates the account), through the mail queue as the awarding
 * body. Every invitation is recorded with who sent it and when, so the next batch continues
 * where the last stopped, nobody is mailed twice, and a person whose link expired unused can be
 * invited again.
 */
export class MigrationInvitations {
  constructor(
    private readonly repository: MigrationInvitationRepository,
    private readonly deps: { mail: MailService; publicUrl: string },
  ) {}

  async preview(actor: CurrentUser, importId: string): Promise<InvitationPreview> {
    const found = await this.invitableImport(actor, importId);
    return this.previewOf(found.id, found.accountId);
  }

  async sendBatch(actor: CurrentUser, importId: string, request: InvitationBatchRequest): Promise<InvitationBatchResult> {
    const found = await this.invitableImport(actor, importId);
    const account = await this.accountOf(found.accountId);
    const group = request.reinviteExpired ? 'expired' : 'waiting';
    const sent = await this.repository.transaction(async (tx) => {
      await this.repository.lockImport(tx, found.id);
      // Read under the lock: a batch sent meanwhile has already taken its people.
      const people = await this.repository.nextPeople(found.id, group, request.batchSize, tx);
      if (people.length === 0) throw new AppError('CONFLICT', request.reinviteExpired ? INVITATION_MESSAGES.nobodyExpired : INVITATION_MESSAGES.nobodyToInvite);
      const expiresOn = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
      const tokens = people.map(() => newRandomToken());
      await this.repository.insertLinks(
        tx,
        people.map((person, index) => ({ userId: person.userId, tokenHash: hashToken(tokens[index]!), expiresOn })),
        actor.id,
      );
      const invitations = [];
      for (const [index, person] of people.entries()) {
        const mail = await this.deps.mail.send(invitationMail(person, account, this.linkOf(tokens[index]!)), tx);
        invitations.push({ importId: found.id, userId: person.userId, mailId: mail.id, expiresOn });
      }
      await this.repository.insertInvitations(tx, invitations, actor.id);
      return people.length;
    });
    return { sent, preview: await this.previewOf(found.id, found.accountId) };
  }

  private async previewOf(importId: string, accountId: string): Promise<InvitationPreview> {
    const account = await this.accountOf(accountId);
    const [standing, next] = await Promise.all([this.repository.standing(importId), this.repository.nextPeople(importId, 'waiting', INVITATION_SAMPLE_SIZE)]);
    // The mail of the next batch's first person; when nobody waits, of someone to invite again.
    const first = next[0] ?? (await this.repository.nextPeople(importId, 'expired', 1))[0];
    return {
      importId,
      people: standing.people,
      waiting: standing.waiting,
      invited: standing.invited,
      expired: standing.expired,
      activated: standing.activated,
      next: next.map(({ firstName, lastName, email }) => ({ firstName, lastName, email })),
      mail: first ? renderedMail(invitationMail(first, account, this.linkOf(PERSONAL_LINK_PLACEHOLDER)), account.senderName) : null,
      linkDays: INVITATION_DAYS,
      lastInvitedOn: standing.lastInvitedOn?.toISOString() ?? null,
    };
  }

  private linkOf(token: string): string {
    return `${this.deps.publicUrl}${passwordLinkPath(token, 'invitation')}`;
  }

  private async accountOf(accountId: string): Promise<{ id: string; name: string; senderName: string }> {
    const account = await this.repository.findAccount(accountId);
    if (!account) throw new AppError('NOT_FOUND', MIGRATION_MESSAGES.notFound);
    return { id: accountId, ...account };
  }

  /** The staff's own account's finished import: another account's is unknown (404); a dry run, an undone or unfinished one has nobody to invite (409). */
  private async invitableImport(actor: CurrentUser, importId: string) {
    const found = await this.repository.findImport(importId);
    if (!found || found.accountId !== staffAccountOf(actor)) throw new AppError('NOT_FOUND', MIGRATION_MESSAGES.notFound);
    if (found.dryRun) throw new AppError('CONFLICT', INVITATION_MESSAGES.dryRun);
    if (found.status === 'Undone') throw new AppError('CONFLICT', INVITATION_MESSAGES.undone);
    if (found.status !== 'Finished') throw new AppError('CONFLICT', INVITATION_MESSAGES.notFinished);
    return found;
  }
}

/** The mail's text as the mail queue writes it: the paragraphs, the sender's name under them, then each link. */
function renderedMail(mail: OutgoingMail, senderName: string): InvitationMailPreview {
  const links = mail.links ?? [];
  return { fromName: senderName, subject: mail.subject, text: [...mail.paragraphs, senderName, ...links.map((link) => `${link.label}: ${link.url}`)].join('\n\n') };
}
