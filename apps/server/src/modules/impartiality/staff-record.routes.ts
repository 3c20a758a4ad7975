import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthorisationRequest,
  CompetenceRequest,
  FileLink,
  StaffRecord,
  StaffRecordRequest,
  StaffRegister,
  StaffRegisterQuery,
} from '@certs/shared/impartiality/staff-record.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import { IMPARTIALITY_ADMIN_ROLES } from './impartiality.policy';
import type { StaffRecordService } from './staff-record.service';

const UserParams = z.strictObject({ userId: z.string() });
const CompetenceParams = z.strictObject({ userId: z.string(), id: z.string() });

/**
 * `api/staffrecords` (issue 43): examiners' records. Every member of staff reads their own; the
 * register and changes to employer, position, qualifications and training are for account
 * administrators; a record and its authorisations also for the manager of a program the person
 * serves on (Impartiality menu).
 */
export function registerStaffRecordRoutes(api: FastifyInstance, service: StaffRecordService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin();
  const registers = requireAdmin({ menu: 'Impartiality' });
  const administrators = requireAdmin({ roles: IMPARTIALITY_ADMIN_ROLES, menu: 'Impartiality' });
  const doc = { tags: ['staff records'], security: [{ bearer: [] }] };

  r.get(
    '/api/staffrecords',
    { onRequest: administrators, schema: { ...doc, summary: "The account's staff with lapsed or lapsing authorisations and this year's agreement", querystring: StaffRegisterQuery, response: { 200: StaffRegister } } },
    async (request) => service.register(currentUserOf(request), request.query),
  );
  r.get('/api/staffrecords/mine', { onRequest: staff, schema: { ...doc, summary: 'My own staff record', response: { 200: StaffRecord } } }, async (request) =>
    service.mine(currentUserOf(request)),
  );
  r.get('/api/staffrecords/:userId', { onRequest: registers, schema: { ...doc, summary: "A staff member's record", params: UserParams, response: { 200: StaffRecord } } }, async (request) =>
    service.find(currentUserOf(request), request.params.userId),
  );
  r.put(
    '/api/staffrecords/:userId',
    { onRequest: administrators, schema: { ...doc, summary: "A staff member's employer and position", params: UserParams, body: StaffRecordRequest, response: { 200: StaffRecord } } },
    async (request) => service.saveRecord(currentUserOf(request), request.params.userId, request.body),
  );
  r.post(
    '/api/staffrecords/:userId/competences',
    { onRequest: administrators, schema: { ...doc, summary: 'Add a qualification or training', params: UserParams, body: CompetenceRequest, response: { 201: StaffRecord } } },
    async (request, reply) => reply.status(201).send(await service.addCompetence(currentUserOf(request), request.params.userId, request.body)),
  );
  r.put(
    '/api/staffrecords/:userId/competences/:id',
    { onRequest: administrators, schema: { ...doc, summary: 'Change a qualification or training', params: CompetenceParams, body: CompetenceRequest, response: { 200: StaffRecord } } },
    async (request) => service.updateCompetence(currentUserOf(request), request.params.userId, request.params.id, request.body),
  );
  r.delete(
    '/api/staffrecords/:userId/competences/:id',
    { onRequest: administrators, schema: { ...doc, summary: 'Remove a qualification or training entered by mistake', params: CompetenceParams, response: { 200: StaffRecord } } },
    async (request) => service.removeCompetence(currentUserOf(request), request.params.userId, request.params.id),
  );
  r.get(
    '/api/staffrecords/:userId/competences/:id/file',
    { onRequest: staff, schema: { ...doc, summary: "A short-lived link to a qualification's file", params: CompetenceParams, response: { 200: FileLink } } },
    async (request) => service.competenceFile(currentUserOf(request), request.params.userId, request.params.id),
  );
  r.put(
    '/api/staffrecords/:userId/authorisations',
    { onRequest: registers, schema: { ...doc, summary: "The expiry and basis of a role held in a program (administrators, or the program's manager)", params: UserParams, body: AuthorisationRequest, response: { 200: StaffRecord } } },
    async (request) => service.saveAuthorisation(currentUserOf(request), request.params.userId, request.body),
  );
}
