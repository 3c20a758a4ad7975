import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import {
  CONTACT_MESSAGES,
  CONTACT_REPLY_SUBJECT,
  ContactAccountList,
  ContactHandledRequest,
  ContactMessageDetails,
  ContactMessagePage,
  ContactMessageQuery,
  ContactMessageRequest,
  ContactReplyRequest,
  MyContactMessageList,
} from '@certs/shared/contact/contact.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { AppError } from '../../platform/app-error';
import { currentUserOf, requireAdmin, requireSignedIn, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import type { ContactRepository } from './contact.repository';

const doc = { tags: ['contact us'], security: [{ bearer: [] }] };
const IdParams = z.strictObject({ id: z.string() });
/** The most of their own messages a sender's page lists (newest first). */
const OWN_MESSAGES_LISTED = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type MessageRow = Awaited<ReturnType<ContactRepository['findPage']>>['rows'][number];
function toMessage(row: MessageRow) {
  return { id: row.id, name: row.name, email: row.email, phoneNumber: row.phoneNumber, message: row.message, createdOn: row.createdOn.toISOString(), fromApplicantId: row.fromApplicantId, handledOn: row.handledOn?.toISOString() ?? null };
}

const nameOf = (row: { firstName: string | null; lastName: string | null }) => (row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim());

/**
 * The contact form (spec section 7, POST api/contactus) and the staff's Contact Us screen: open,
 * reply by mail, mark handled. A message is sent to an account (decision 033) and only that
 * account's Contact Us staff see it: another account's message answers 404.
 */
export function registerContactRoutes(api: FastifyInstance, repository: ContactRepository, mail: MailService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const contactStaff = requireAdmin({ menu: 'Contact Us' });

  /**
   * The account a message goes to: the one the form names; else the sender's own (staff), else the
   * one body an applicant has applied to; else the first account (the platform's only one until a
   * second is added, so a form without the choice keeps working).
   */
  async function recipientOf(actor: CurrentUser, named: string | undefined): Promise<string> {
    if (named) {
      const accountId = await repository.findAccountId(named);
      if (!accountId) throw new AppError('BAD_REQUEST', CONTACT_MESSAGES.unknownAccount, { account: CONTACT_MESSAGES.unknownAccount });
      return accountId;
    }
    if (actor.userType === 'admin') return staffAccountOf(actor);
    const appliedTo = actor.applicantId ? await repository.findAccountsAppliedTo(actor.applicantId) : [];
    return appliedTo.length === 1 ? appliedTo[0]! : FIRST_ACCOUNT_ID;
  }

  async function details(actor: CurrentUser, id: string) {
    const found = UUID.test(id) ? await repository.findById(id, staffAccountOf(actor)) : undefined;
    if (!found) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
    const replies = await repository.findReplies(id);
    return {
      ...toMessage(found.message),
      handledBy: nameOf({ firstName: found.handledByFirstName, lastName: found.handledByLastName }),
      replies: replies.map((row) => ({ id: row.reply.id, body: row.reply.body, repliedBy: nameOf(row), createdOn: row.reply.createdOn.toISOString() })),
    };
  }

  r.post(
    '/api/contactus',
    {
      onRequest: requireSignedIn(),
      schema: { ...doc, summary: "Send a message to an awarding body's staff (`account`: its short name or id; see contactus/accounts)", body: ContactMessageRequest, response: { 201: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      const actor = currentUserOf(request);
      const { account, phoneNumber, ...message } = request.body;
      // A signed-in applicant's profile holds their phone: the form asks for it only when it does not.
      const phone = phoneNumber || (actor.applicantId ? await repository.findApplicantPhone(actor.applicantId) : '');
      if (!phone) throw new AppError('BAD_REQUEST', CONTACT_MESSAGES.phoneRequired, { phoneNumber: CONTACT_MESSAGES.phoneRequired });
      const accountId = await recipientOf(actor, account || undefined);
      await repository.insert({ ...message, phoneNumber: phone, accountId, fromApplicantId: actor.applicantId, createdBy: actor.id, modifiedBy: actor.id });
      return reply.status(201).send({ message: CONTACT_MESSAGES.thanks });
    },
  );
  r.get(
    '/api/contactus/mine',
    {
      onRequest: requireSignedIn(),
      schema: { ...doc, summary: `The caller's own messages (the newest ${OWN_MESSAGES_LISTED}) with the replies staff sent; never another's`, response: { 200: MyContactMessageList } },
    },
    async (request) => {
      const sent = await repository.findSentBy(currentUserOf(request).id, OWN_MESSAGES_LISTED);
      const replies = await repository.findRepliesTo(sent.map((row) => row.message.id));
      return sent.map(({ message, accountName }) => ({
        id: message.id,
        message: message.message,
        createdOn: message.createdOn.toISOString(),
        accountName,
        handledOn: message.handledOn?.toISOString() ?? null,
        replies: replies.filter((reply) => reply.messageId === message.id).map((reply) => ({ id: reply.id, body: reply.body, createdOn: reply.createdOn.toISOString() })),
      }));
    },
  );
  r.get(
    '/api/contactus/accounts',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'The awarding bodies a message may be sent to (the form offers the choice when there are several)', response: { 200: ContactAccountList } } },
    async () => repository.findAccounts(),
  );
  r.get(
    '/api/contactus/pagination',
    { onRequest: contactStaff, schema: { ...doc, summary: 'Messages sent through the contact form (Contact Us menu); `handled` filters', querystring: ContactMessageQuery, response: { 200: ContactMessagePage } } },
    async (request) => {
      const { page, pageSize, search, handled } = request.query;
      const { rows, totalRows } = await repository.findPage({ accountId: staffAccountOf(currentUserOf(request)), page, pageSize, search: searchTermOrUndefined(search), isHandled: handled === undefined ? undefined : handled === 'true' });
      return { rows: rows.map(toMessage), page, pageSize, totalRows };
    },
  );
  r.get(
    '/api/contactus/:id',
    { onRequest: contactStaff, schema: { ...doc, summary: 'One message with the replies staff sent', params: IdParams, response: { 200: ContactMessageDetails } } },
    async (request) => details(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/contactus/:id/reply',
    { onRequest: contactStaff, schema: { ...doc, summary: 'Reply by mail from the awarding body the message was sent to; the reply is kept with the message', params: IdParams, body: ContactReplyRequest, response: { 200: ContactMessageDetails } } },
    async (request) => {
      const actor = currentUserOf(request);
      const { id } = request.params;
      if (!UUID.test(id)) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
      await repository.transaction(async (tx) => {
        const message = await repository.lock(tx, id, staffAccountOf(actor));
        if (!message) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
        // A message from a signed-in applicant also lands in their inbox (the sender is its creator).
        const sent = await mail.send(
          {
            to: message.email,
            toUserId: message.fromApplicantId ? message.createdBy : null,
            accountId: message.accountId,
            subject: CONTACT_REPLY_SUBJECT,
            paragraphs: [`Hello ${message.name},`, ...request.body.body.split(/\n{2,}/), `Your message of ${message.createdOn.toISOString().slice(0, 10)}: "${message.message}"`],
          },
          tx,
        );
        await repository.insertReply(tx, { messageId: id, body: request.body.body, mailId: sent.id, createdBy: actor.id, modifiedBy: actor.id });
        if (request.body.markHandled) await repository.setHandled(tx, id, true, actor.id);
      });
      return details(actor, id);
    },
  );
  r.post(
    '/api/contactus/:id/handled',
    { onRequest: contactStaff, schema: { ...doc, summary: 'Mark a message handled, or waiting again', params: IdParams, body: ContactHandledRequest, response: { 200: ContactMessageDetails } } },
    async (request) => {
      const actor = currentUserOf(request);
      const { id } = request.params;
      if (!UUID.test(id)) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
      await repository.transaction(async (tx) => {
        if (!(await repository.lock(tx, id, staffAccountOf(actor)))) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
        await repository.setHandled(tx, id, request.body.isHandled, actor.id);
      });
      return details(actor, id);
    },
  );
}
