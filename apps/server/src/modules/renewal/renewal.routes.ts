import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RENEWAL_TYPE_PATHS, RENEWAL_TYPES, Renewal, RenewalActionRequest, RenewalQueuePage, RenewalQueueQuery, RenewalSaveRequest } from '@certs/shared/renewal/renewal.contract';
import {
  RENEWAL_MODULE_PATH,
  RenewalModuleChoices,
  RenewalModuleSelectionRequest,
  RenewalModulesView,
  RenewalResultsRequest,
  RenewalRules,
  RenewalRulesRequest,
  RenewalScheduleRequest,
} from '@certs/shared/renewal/renewal-module.contract';
import { currentUserOf, requireAdmin, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import type { RenewalModuleService } from './renewal-module.service';
import type { RenewalService } from './renewal.service';

/**
 * Renewals (spec section 7, decision 023): per renewal type, the holder's form of an award, save
 * and submit; staff's queue of one program, one renewal and `renewal/action`. Staff routes need
 * the Programs menu; the service then limits each to the program's managers and administrators.
 */
export function registerRenewalRoutes(api: FastifyInstance, renewals: RenewalService, renewalModules: RenewalModuleService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Programs' });
  for (const typePath of RENEWAL_TYPE_PATHS) {
    const base = `/api/${typePath}`;
    const doc = { tags: [`${RENEWAL_TYPES[typePath].label} renewals`], security: [{ bearer: [] }] };
    r.get(
      `${base}/award/:awardId`,
      { onRequest: requireApplicant(), schema: { ...doc, summary: "The renewal form of the holder's award: its open renewal or a blank one, and whether they may apply now", params: z.strictObject({ awardId: z.string() }), response: { 200: Renewal } } },
      async (request) => renewals.formFor(currentUserOf(request), typePath, request.params.awardId),
    );
    r.post(
      `${base}/save`,
      { onRequest: requireApplicant(), schema: { ...doc, summary: 'Save the draft renewal of an award (requirement answers and chosen professional development)', body: RenewalSaveRequest, response: { 200: Renewal } } },
      async (request) => renewals.save(currentUserOf(request), typePath, request.body),
    );
    r.post(
      `${base}/:id/submit`,
      { onRequest: requireApplicant(), schema: { ...doc, summary: 'Submit the draft renewal: the application becomes Applied for Renewal', params: z.strictObject({ id: z.string() }), response: { 200: Renewal } } },
      async (request) => renewals.submit(currentUserOf(request), typePath, request.params.id),
    );
    r.get(
      `${base}/pagination`,
      {
        onRequest: staff,
        schema: { ...doc, summary: "A program's renewal queue: page size 10, page 1, ordered by applicationNumber descending by default; searched by name, member, certificate and application number", querystring: RenewalQueueQuery, response: { 200: RenewalQueuePage } },
      },
      async (request) => renewals.queue(currentUserOf(request), typePath, request.query),
    );
    r.post(
      `${base}/renewal/action`,
      { onRequest: staff, schema: { ...doc, summary: 'Renew, or refuse with a reason (the program managers and administrators)', body: RenewalActionRequest, response: { 200: Renewal } } },
      async (request) => renewals.act(currentUserOf(request), typePath, request.body),
    );
    r.get(
      `${base}/:id`,
      { onRequest: requireSignedIn(), schema: { ...doc, summary: 'One renewal (its holder; staff who manage its program)', params: z.strictObject({ id: z.string() }), response: { 200: Renewal } } },
      async (request) => renewals.findOne(currentUserOf(request), typePath, request.params.id),
    );
  }
  // An AICIP renewal's modules (spec section 7: `aicipapplicationrenewalmodule`): the program's managers and administrators.
  const modules = `/api/${RENEWAL_MODULE_PATH}/:id`;
  const moduleDoc = { tags: ['AICIP renewal modules'], security: [{ bearer: [] }] };
  const params = z.strictObject({ id: z.string() });
  for (const which of ['required', 'nonrequired'] as const) {
    r.get(
      `${modules}/${which}`,
      { onRequest: staff, schema: { ...moduleDoc, summary: `The renewal modules chosen as ${which === 'required' ? 'required' : 'optional or not taken'}, with the fee of the holder's basis`, params, response: { 200: RenewalModuleChoices } } },
      async (request) => renewalModules.findChoices(currentUserOf(request), request.params.id, which),
    );
  }
  r.post(
    `${modules}/preexam/update`,
    { onRequest: staff, schema: { ...moduleDoc, summary: 'Save the choice of renewal modules (required, optional, not taken) while nothing is invoiced', params, body: RenewalModuleSelectionRequest, response: { 200: RenewalModuleChoices } } },
    async (request) => renewalModules.saveSelection(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    `${modules}/preexam/submit`,
    { onRequest: staff, schema: { ...moduleDoc, summary: 'Invoice the renewal modules (and a late fee) and send the holder the payment link', params, body: RenewalModuleSelectionRequest.nullish(), response: { 200: Renewal } } },
    async (request) => renewalModules.submitSelection(currentUserOf(request), request.params.id, request.body ?? undefined),
  );
  r.get(
    `${modules}/scheduled`,
    { onRequest: staff, schema: { ...moduleDoc, summary: "The renewal's modules with their schedules, and what a schedule may name", params, response: { 200: RenewalModulesView } } },
    async (request) => renewalModules.findModules(currentUserOf(request), request.params.id, true),
  );
  r.post(
    `${modules}/examination/send`,
    { onRequest: staff, schema: { ...moduleDoc, summary: 'Save and send the renewal modules\' schedule to the holder (once the invoice is paid)', params, body: RenewalScheduleRequest, response: { 200: RenewalModulesView } } },
    async (request) => renewalModules.sendSchedule(currentUserOf(request), request.params.id, request.body),
  );
  r.get(
    `${modules}/results`,
    { onRequest: staff, schema: { ...moduleDoc, summary: "The renewal's modules with their results", params, response: { 200: RenewalModulesView } } },
    async (request) => renewalModules.findModules(currentUserOf(request), request.params.id, false),
  );
  r.post(
    `${modules}/postexam/update`,
    { onRequest: staff, schema: { ...moduleDoc, summary: 'Record the results of sent renewal modules', params, body: RenewalResultsRequest, response: { 200: RenewalModulesView } } },
    async (request) => renewalModules.saveResults(currentUserOf(request), request.params.id, request.body),
  );

  // A program's renewal rules: late renewal within a grace period with a late fee, and a new certificate number on renewal.
  const rulesDoc = { tags: ['Renewal rules'], security: [{ bearer: [] }] };
  const programParams = z.strictObject({ programId: z.string() });
  r.get(
    '/api/renewalrules/:programId',
    { onRequest: staff, schema: { ...rulesDoc, summary: "A Certification or AICIP program's renewal rules (defaults: no late renewal, the same certificate number)", params: programParams, response: { 200: RenewalRules } } },
    async (request) => renewals.findRules(currentUserOf(request), request.params.programId),
  );
  r.post(
    '/api/renewalrules/:programId',
    { onRequest: staff, schema: { ...rulesDoc, summary: "Save a program's renewal rules (its manager and administrators)", params: programParams, body: RenewalRulesRequest, response: { 200: RenewalRules } } },
    async (request) => renewals.saveRules(currentUserOf(request), request.params.programId, request.body),
  );
}
