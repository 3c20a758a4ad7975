import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProgramCompleteness, PublishedProgramDetail } from '@certs/shared/program/program-catalogue.contract';
import {
  Program,
  ProgramCodeLookup,
  ProgramListQuery,
  ProgramPage,
  ProgramRequest,
  PublishedProgramPage,
  PublishedProgramQuery,
} from '@certs/shared/program/program.contract';
import {
  CertificationSettings,
  CertificationSettingsRequest,
  CertificationSettingsResponse,
  RenewalSettingsRequest,
  WelderQualificationSettings,
  WelderQualificationSettingsRequest,
  WelderQualificationSettingsResponse,
} from '@certs/shared/program/program-settings.contract';
import { PROGRAM_ACTIONS } from '@certs/shared/program/program-status';
import { IsManagerResponse, ProgramPrivilege, ScreenPrivilege } from '@certs/shared/program/program-user.contract';
import { currentUserOf, requireAdmin, requireSignedIn } from '../../platform/auth/authenticate';
import type { ProgramCatalogueService } from './program-catalogue.service';
import type { ProgramSettingsService } from './program-settings.service';
import type { ProgramService } from './program.service';

const IdParams = z.strictObject({ id: z.string() });
const secured = (tag: string) => ({ tags: [tag], security: [{ bearer: [] }] });
const StatusHistory = z.array(z.object({ fromStatus: z.number(), toStatus: z.number(), changedOn: z.string(), changedBy: z.string() }));

/** Programs (spec section 7, Programs), their settings, the privileges, and the applicants' catalogue. */
export function registerProgramRoutes(
  api: FastifyInstance,
  services: { programs: ProgramService; settings: ProgramSettingsService; catalogue: ProgramCatalogueService },
): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { programs, settings, catalogue } = services;
  const admin = requireAdmin();
  const doc = secured('programs');

  // The applicants' catalogue; staff may read it too (a preview of what applicants see).
  r.get(
    '/api/program/published',
    { onRequest: requireSignedIn(), schema: { ...secured('program catalogue'), summary: 'Published programs', querystring: PublishedProgramQuery, response: { 200: PublishedProgramPage } } },
    async (request) => catalogue.findPublished(currentUserOf(request), request.query),
  );
  r.get(
    '/api/program/published/:id',
    { onRequest: requireSignedIn(), schema: { ...secured('program catalogue'), summary: 'A published program as applicants read it', params: IdParams, response: { 200: PublishedProgramDetail } } },
    async (request) => catalogue.findPublishedDetail(currentUserOf(request), request.params.id),
  );

  r.get(
    '/api/program/pagination',
    { onRequest: admin, schema: { ...doc, summary: 'Programs, paged and filtered', querystring: ProgramListQuery, response: { 200: ProgramPage } } },
    async (request) => programs.findPrograms(currentUserOf(request), request.query),
  );
  r.get(
    '/api/program/bycode/:code',
    { onRequest: admin, schema: { ...doc, summary: 'The program holding a code (null: the code is free)', params: z.strictObject({ code: z.string() }), response: { 200: ProgramCodeLookup } } },
    async (request) => programs.findByCode(currentUserOf(request), request.params.code),
  );
  r.get(
    '/api/program',
    { onRequest: admin, schema: { ...doc, summary: 'Program details without an id: answers 400 "Program ID is required" (spec section 8 names the message)' } },
    async (request) => programs.findProgram(currentUserOf(request), undefined),
  );
  r.get(
    '/api/program/:id',
    { onRequest: admin, schema: { ...doc, summary: 'Program details', params: IdParams, response: { 200: Program } } },
    async (request) => programs.findProgram(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/program',
    { onRequest: admin, schema: { ...doc, summary: 'Create a program', body: ProgramRequest, response: { 201: Program } } },
    async (request, reply) => reply.status(201).send(await programs.createProgram(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/program/update/:id',
    { onRequest: admin, schema: { ...doc, summary: 'Update a program', params: IdParams, body: ProgramRequest, response: { 200: Program } } },
    async (request) => programs.updateProgram(currentUserOf(request), request.params.id, request.body),
  );
  for (const action of PROGRAM_ACTIONS) {
    r.post(
      `/api/program/:id/${action}`,
      { onRequest: admin, schema: { ...doc, summary: `${action[0]?.toUpperCase()}${action.slice(1)} a program`, params: IdParams, response: { 200: Program } } },
      async (request) => programs.changeStatus(currentUserOf(request), request.params.id, action),
    );
  }
  r.get(
    '/api/program/:id/completeness',
    { onRequest: admin, schema: { ...doc, summary: 'What publishing still lacks', params: IdParams, response: { 200: ProgramCompleteness } } },
    async (request) => programs.completeness(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/program/:id/history',
    { onRequest: admin, schema: { ...doc, summary: 'Status changes of a program', params: IdParams, response: { 200: StatusHistory } } },
    async (request) => programs.findHistory(currentUserOf(request), request.params.id),
  );

  // Settings per program type.
  r.get(
    '/api/program/:id/certifications',
    { onRequest: admin, schema: { ...doc, summary: 'Certification or AICIP settings', params: IdParams, response: { 200: CertificationSettingsResponse } } },
    async (request) => settings.findCertification(currentUserOf(request), request.params.id, 'initial'),
  );
  r.post(
    '/api/program/:id/certifications',
    { onRequest: admin, schema: { ...doc, summary: 'Save Certification or AICIP settings', params: IdParams, body: CertificationSettingsRequest, response: { 200: CertificationSettings } } },
    async (request) => settings.saveCertification(currentUserOf(request), request.params.id, 'initial', request.body),
  );
  r.get(
    '/api/program/:id/renewals',
    { onRequest: admin, schema: { ...doc, summary: 'AICIP renewal settings', params: IdParams, response: { 200: CertificationSettingsResponse } } },
    async (request) => settings.findCertification(currentUserOf(request), request.params.id, 'renewal'),
  );
  r.post(
    '/api/program/:id/renewals',
    { onRequest: admin, schema: { ...doc, summary: 'Save AICIP renewal settings', params: IdParams, body: RenewalSettingsRequest, response: { 200: CertificationSettings } } },
    async (request) => settings.saveCertification(currentUserOf(request), request.params.id, 'renewal', request.body),
  );
  r.get(
    '/api/program/:id/welderqualification',
    { onRequest: admin, schema: { ...doc, summary: 'Welder qualification settings', params: IdParams, response: { 200: WelderQualificationSettingsResponse } } },
    async (request) => settings.findWelderQualification(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/program/:id/welderqualification',
    {
      onRequest: admin,
      schema: { ...doc, summary: 'Save welder qualification settings', params: IdParams, body: WelderQualificationSettingsRequest, response: { 200: WelderQualificationSettings } },
    },
    async (request) => settings.saveWelderQualification(currentUserOf(request), request.params.id, request.body),
  );

  // Privileges (spec section 6).
  r.get(
    '/api/userprivilege/program/:id',
    { onRequest: requireSignedIn(), schema: { ...secured('privileges'), summary: 'What the signed-in user may do with a program', params: IdParams, response: { 200: ProgramPrivilege } } },
    async (request) => programs.programPrivilege(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/userprivilege/:screen',
    { onRequest: admin, schema: { ...secured('privileges'), summary: 'What the signed-in user may do on an admin screen', params: z.strictObject({ screen: z.string() }), response: { 200: ScreenPrivilege } } },
    async (request) => programs.screenPrivilege(currentUserOf(request), request.params.screen),
  );
  r.get(
    '/api/programuser/ismanager/:id',
    { onRequest: admin, schema: { ...secured('privileges'), summary: 'Whether the signed-in user manages a program', params: IdParams, response: { 200: IsManagerResponse } } },
    async (request) => programs.isManager(currentUserOf(request), request.params.id),
  );
}
