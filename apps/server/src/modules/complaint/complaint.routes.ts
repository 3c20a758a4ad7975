import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignComplaintHandlerRequest,
  ComplaintAwardActionList,
  ComplaintAwardActionsQuery,
  ComplaintBodyList,
  ComplaintChangeRequest,
  ComplaintDecisionRequest,
  ComplaintDetails,
  ComplaintFilters,
  ComplaintLodged,
  ComplaintLookupRequest,
  ComplaintNoteRequest,
  ComplaintPersonView,
  ComplaintRegisterPage,
  ComplaintRegisterQuery,
  ComplaintRequest,
  ComplaintStatusRequest,
  ComplaintSubjectRequest,
  ComplaintSummaryList,
  PublicComplaintRequest,
} from '@certs/shared/complaint/complaint.contract';
import { currentUserOf, requireAdmin, requireApplicant, requireEmployer } from '../../platform/auth/authenticate';
import { noStore } from '../../platform/no-store';
import type { ComplaintService } from './complaint.service';

const IdParams = z.strictObject({ id: z.string() });

/**
 * The public form and its look-up (`unauth/complaints`, issue 43): anyone lodges a complaint with a
 * name and an email (limited per client address and per email; a honeypot field), and follows it
 * with the mailed reference and that email.
 */
export function registerComplaintPublicRoutes(app: FastifyInstance, complaints: ComplaintService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = { tags: ['complaints'] };
  r.get(
    '/unauth/complaints/bodies',
    { schema: { ...doc, summary: 'The awarding bodies a complaint may be sent to, each with its published programs', response: { 200: ComplaintBodyList } } },
    async () => complaints.bodies(),
  );
  r.post(
    '/unauth/complaints',
    {
      schema: {
        ...doc,
        summary: 'Lodge a complaint about a body, an examiner, a venue or a certificate holder: a reference is mailed (limited per client address and per email)',
        body: PublicComplaintRequest,
        response: { 201: ComplaintLodged },
      },
    },
    async (request, reply) => reply.status(201).send(await complaints.lodgePublic(request.body, request.ip)),
  );
  r.post(
    '/unauth/complaints/lookup',
    {
      onSend: noStore,
      schema: { ...doc, summary: "A complaint's status, shared entries and outcome, by its reference and the email it was lodged with (404 if either is wrong)", body: ComplaintLookupRequest, response: { 200: ComplaintPersonView } },
    },
    async (request) => complaints.lookup(request.body, request.ip),
  );
}

/**
 * `api/complaints` (issue 43): an applicant's and a company's own complaints, and the staff's
 * register (the Complaints menu, account-wide): handler, investigation, status, outcome, changes.
 */
export function registerComplaintRoutes(api: FastifyInstance, complaints: ComplaintService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const doc = { tags: ['complaints'], security: [{ bearer: [] }] };
  const applicant = requireApplicant();
  const companyUser = requireEmployer();
  const coordinator = requireEmployer({ coordinator: true });
  const staff = requireAdmin({ menu: 'Complaints' });

  r.get('/api/complaints/applicant', { onRequest: applicant, schema: { ...doc, summary: "The applicant's own complaints, newest first", response: { 200: ComplaintSummaryList } } }, async (request) =>
    complaints.mine(currentUserOf(request)),
  );
  r.post(
    '/api/complaints/applicant',
    { onRequest: applicant, schema: { ...doc, summary: 'An applicant lodges a complaint: a reference is mailed', body: ComplaintRequest, response: { 201: ComplaintLodged } } },
    async (request, reply) => reply.status(201).send(await complaints.lodgeAsApplicant(currentUserOf(request), request.body)),
  );
  r.get(
    '/api/complaints/applicant/:id',
    { onRequest: applicant, schema: { ...doc, summary: "One of the applicant's complaints: status, shared entries, outcome (another's: 404)", params: IdParams, response: { 200: ComplaintPersonView } } },
    async (request) => complaints.mineById(currentUserOf(request), request.params.id),
  );
  r.get('/api/complaints/employer', { onRequest: companyUser, schema: { ...doc, summary: "The company's complaints, lodged by its coordinators", response: { 200: ComplaintSummaryList } } }, async (request) =>
    complaints.mine(currentUserOf(request)),
  );
  r.post(
    '/api/complaints/employer',
    { onRequest: coordinator, schema: { ...doc, summary: "The company's coordinator lodges a complaint as its employer: a reference is mailed", body: ComplaintRequest, response: { 201: ComplaintLodged } } },
    async (request, reply) => reply.status(201).send(await complaints.lodgeAsEmployer(currentUserOf(request), request.body)),
  );
  r.get(
    '/api/complaints/employer/:id',
    { onRequest: companyUser, schema: { ...doc, summary: "One of the company's complaints: status, shared entries, outcome (another company's: 404)", params: IdParams, response: { 200: ComplaintPersonView } } },
    async (request) => complaints.mineById(currentUserOf(request), request.params.id),
  );

  r.get(
    '/api/complaints',
    { onRequest: staff, schema: { ...doc, summary: "The body's complaints register: status, subject, program, handler and overdue filters; ages in the body's days", querystring: ComplaintRegisterQuery, response: { 200: ComplaintRegisterPage } } },
    async (request) => complaints.register(currentUserOf(request), request.query),
  );
  r.get('/api/complaints/filters', { onRequest: staff, schema: { ...doc, summary: "What the register's filters offer: the body's programs and staff", response: { 200: ComplaintFilters } } }, async (request) =>
    complaints.filters(currentUserOf(request)),
  );
  r.get(
    '/api/complaints/award-actions',
    { onRequest: staff, schema: { ...doc, summary: "A certificate's actions (its history), to link an action taken because of a complaint", querystring: ComplaintAwardActionsQuery, response: { 200: ComplaintAwardActionList } } },
    async (request) => complaints.awardActions(currentUserOf(request), request.query.certificateNumber),
  );
  r.get(
    '/api/complaints/:id',
    { onRequest: staff, schema: { ...doc, summary: 'One complaint with its investigation, changes, and who may handle it', params: IdParams, response: { 200: ComplaintDetails } } },
    async (request) => complaints.details(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/complaints/:id/handler',
    { onRequest: staff, schema: { ...doc, summary: 'Assign the handler (never the person the complaint is about, nor one with a declared conflict with the complainant)', params: IdParams, body: AssignComplaintHandlerRequest, response: { 200: ComplaintDetails } } },
    async (request) => complaints.assignHandler(currentUserOf(request), request.params.id, request.body.handlerId),
  );
  r.post(
    '/api/complaints/:id/status',
    { onRequest: staff, schema: { ...doc, summary: 'Move an open complaint to Under investigation or Withdrawn', params: IdParams, body: ComplaintStatusRequest, response: { 200: ComplaintDetails } } },
    async (request) => complaints.setStatus(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/complaints/:id/subject',
    { onRequest: staff, schema: { ...doc, summary: 'Record what the complaint is about: a staff member, a venue, a certificate (and so its holder), the program', params: IdParams, body: ComplaintSubjectRequest, response: { 200: ComplaintDetails } } },
    async (request) => complaints.setSubject(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/complaints/:id/entries',
    { onRequest: staff, schema: { ...doc, summary: "Add to the investigation's record; a note shared with the complainant is mailed to them", params: IdParams, body: ComplaintNoteRequest, response: { 200: ComplaintDetails } } },
    async (request) => complaints.addNote(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/complaints/:id/decide',
    { onRequest: staff, schema: { ...doc, summary: 'Record the outcome with reasons, mailed to the complainant (the handler or an account administrator)', params: IdParams, body: ComplaintDecisionRequest, response: { 200: ComplaintDetails } } },
    async (request) => complaints.decide(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/complaints/:id/changes',
    { onRequest: staff, schema: { ...doc, summary: "Record an action taken because of the complaint, linked to a certificate's action when there was one", params: IdParams, body: ComplaintChangeRequest, response: { 200: ComplaintDetails } } },
    async (request) => complaints.addChange(currentUserOf(request), request.params.id, request.body),
  );
}
