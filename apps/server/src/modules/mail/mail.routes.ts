import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InboxPage, InboxQuery, MailListQuery, MailPage } from '@certs/shared/mail/mail.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { currentUserOf, requireAdmin, requireApplicant } from '../../platform/auth/authenticate';
import { toMail, type MailService } from '../../platform/mail/mail.service';

const doc = { tags: ['mail'], security: [{ bearer: [] }] };

/** The applicant's inbox (every mail sent to them) and the staff's Emails screen (every mail). */
export function registerMailRoutes(api: FastifyInstance, mail: MailService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/applicantinbox/email/pagination',
    { onRequest: requireApplicant(), schema: { ...doc, summary: "The signed-in applicant's notifications", querystring: InboxQuery, response: { 200: InboxPage } } },
    async (request) => {
      const { rows, totalRows } = await mail.findPage({ page: request.query.page, pageSize: request.query.pageSize, toUserId: currentUserOf(request).id });
      return { rows: rows.map(toMail), page: request.query.page, pageSize: request.query.pageSize, totalRows };
    },
  );
  r.get(
    '/api/email/pagination',
    { onRequest: requireAdmin({ menu: 'Emails' }), schema: { ...doc, summary: 'Every mail the platform sent or kept (Emails menu)', querystring: MailListQuery, response: { 200: MailPage } } },
    async (request) => {
      const { page, pageSize, search, status } = request.query;
      const { rows, totalRows } = await mail.findPage({ page, pageSize, search: searchTermOrUndefined(search), status });
      return { rows: rows.map(toMail), page, pageSize, totalRows };
    },
  );
}
