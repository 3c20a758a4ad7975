import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WpqDetailsRequest,
  WpqExaminerSubmitRequest,
  WpqRecord,
  WpqRecordSaveRequest,
  WpqRecordSubmitRequest,
  WpqResultSubmitRequest,
  WpqScheduleChoices,
  WpqScheduleRequest,
} from '@certs/shared/wpq/wpq-record.contract';
import { currentUserOf, requireAdmin, requireSignedIn } from '../../platform/auth/authenticate';
import type { WpqService } from './wpq.service';

const BASE = '/api/wpq';

/**
 * The welder qualification record (spec section 7, decision 025): `POST wpq`, `wpq/submit`,
 * populate and preview, the test's schedule, `{id}/details`, `{id}/examiner/submit` and
 * `{id}/result/submit`. The welder and staff share the record routes (the service limits the
 * welder to their own application); the test and the outcome are staff's (Programs menu, then the
 * program roles in the service).
 */
export function registerWpqRoutes(api: FastifyInstance, service: WpqService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const doc = { tags: ['Welder qualification record'], security: [{ bearer: [] }] };
  const staff = requireAdmin({ menu: 'Programs' });
  const idParams = z.strictObject({ id: z.string() });

  r.get(
    `${BASE}/populate/:applicationId`,
    {
      onRequest: requireSignedIn(),
      schema: { ...doc, summary: "The application's record to fill in (a blank one until saved): its welder, or staff who see the program's applications", params: z.strictObject({ applicationId: z.string() }), response: { 200: WpqRecord } },
    },
    async (request) => service.populate(currentUserOf(request), request.params.applicationId),
  );
  r.get(
    `${BASE}/preview/:id`,
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'One record, read-only, with its tests, outcome and stored range', params: idParams, response: { 200: WpqRecord } } },
    async (request) => service.preview(currentUserOf(request), request.params.id),
  );
  r.post(
    BASE,
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'Save the record as a draft (the welder, or staff who manage the applications and the program examiners for them)', body: WpqRecordSaveRequest, response: { 200: WpqRecord } } },
    async (request) => service.save(currentUserOf(request), request.body),
  );
  r.post(
    `${BASE}/submit`,
    { onRequest: requireSignedIn(), schema: { ...doc, summary: "Save and submit the record: every required field and the range engine's rules are checked", body: WpqRecordSubmitRequest, response: { 200: WpqRecord } } },
    async (request) => service.submit(currentUserOf(request), request.body),
  );
  r.get(
    `${BASE}/:id/schedule/choices`,
    { onRequest: staff, schema: { ...doc, summary: "The schedule form's choices: venues, test centres and the program's examiners", params: idParams, response: { 200: WpqScheduleChoices } } },
    async (request) => service.scheduleChoices(currentUserOf(request), request.params.id),
  );
  r.post(
    `${BASE}/:id/schedule`,
    { onRequest: staff, schema: { ...doc, summary: 'Schedule the test at a venue or test centre with a program examiner and send it to the welder (after payment)', params: idParams, body: WpqScheduleRequest, response: { 200: WpqRecord } } },
    async (request) => service.schedule(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/:id/details`,
    { onRequest: staff, schema: { ...doc, summary: "Save the examiner's test results (visual first; a failed visual stops the rest; one retest) and job knowledge", params: idParams, body: WpqDetailsRequest, response: { 200: WpqRecord } } },
    async (request) => service.saveDetails(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/:id/examiner/submit`,
    {
      onRequest: staff,
      schema: { ...doc, summary: 'The exam submission (test centre, test result file, message): the required tests must be recorded; a program examiner only', params: idParams, body: WpqExaminerSubmitRequest, response: { 200: WpqRecord } },
    },
    async (request) => service.examinerSubmit(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/:id/result/submit`,
    {
      onRequest: staff,
      schema: { ...doc, summary: "The assessor's outcome: approved awards (type Awarded) with the engine's range stored; not approved is Failed with reasons", params: idParams, body: WpqResultSubmitRequest, response: { 200: WpqRecord } },
    },
    async (request) => service.submitResult(currentUserOf(request), request.params.id, request.body),
  );
}
