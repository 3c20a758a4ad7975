import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActionResponse,
  AddTimeRequest,
  CandidateNotices,
  ChunkLink,
  DecisionRequest,
  FlagRequest,
  IrregularityReport,
  IrregularityReportList,
  IrregularityReportRequest,
  MessageRequest,
  MySittings,
  ReasonRequest,
  REVIEW_STREAMS,
  SittingConsole,
  SittingReview,
  SnapshotLink,
} from '@certs/shared/invigilation/invigilation.contract';
import { currentUserOf, requireAdmin, requireApplicant } from '../../platform/auth/authenticate';
import { streamConsole } from './console-stream';
import type { InvigilationModule } from './invigilation.module';

const staffDoc = { tags: ['invigilation'], security: [{ bearer: [] }] };
const candidateDoc = { tags: ['invigilation (candidate)'], security: [{ bearer: [] }] };
const SittingParams = z.strictObject({ id: z.uuid() });
const CandidateParams = z.strictObject({ applicationModuleId: z.uuid() });
const SnapshotParams = z.strictObject({ id: z.uuid(), applicationModuleId: z.uuid() });
const ApplicationParams = z.strictObject({ applicationId: z.uuid() });
const InstanceParams = z.strictObject({ examInstanceId: z.uuid() });
/** `text/event-stream`: `event: console|candidates|event` and `data:` a `ConsoleStreamMessage` as JSON. */
const StreamBody = z.string().describe('text/event-stream of ConsoleStreamMessage');
const ChunkParams = z.strictObject({ examInstanceId: z.uuid(), stream: z.enum(REVIEW_STREAMS), segment: z.coerce.number().int().min(0), sequence: z.coerce.number().int().min(0) });

/**
 * Invigilation (issue 19, decision 029). Staff routes admit any staff member at the door (exam-day
 * invigilators often have no menu) and the service decides: the people named on the sitting, the
 * program's manager and administrators; the review also the program's examiners.
 */
export function registerInvigilationRoutes(api: FastifyInstance, module: InvigilationModule): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin();
  const { invigilation, reviews } = module;

  r.get(
    '/api/invigilation/mysittings',
    { onRequest: staff, schema: { ...staffDoc, summary: 'Online sittings today and next where the caller is named invigilator or examiner', response: { 200: MySittings } } },
    async (request) => invigilation.mySittings(currentUserOf(request)),
  );
  r.get(
    '/api/invigilation/sittings/:id',
    { onRequest: staff, schema: { ...staffDoc, summary: "The console: every candidate's state and the latest events of the sitting (any of its application modules names it)", params: SittingParams, response: { 200: SittingConsole } } },
    async (request) => invigilation.console(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/invigilation/sittings/:id/stream',
    { onRequest: staff, schema: { ...staffDoc, summary: 'The console as Server-Sent Events: the whole picture, then each event and the candidates it changed, and progress every few seconds', params: SittingParams, response: { 200: StreamBody } } },
    async (request, reply) => {
      await streamConsole(request, reply, { service: invigilation, repository: module.repository, hub: module.hub, actor: currentUserOf(request), sittingId: request.params.id, options: module.streamOptions });
    },
  );
  r.get(
    '/api/invigilation/sittings/:id/candidates/:applicationModuleId/snapshot',
    { onRequest: staff, schema: { ...staffDoc, summary: "A short-lived link to a candidate's latest camera snapshot", params: SnapshotParams, response: { 200: SnapshotLink } } },
    async (request) => invigilation.snapshot(currentUserOf(request), request.params.id, request.params.applicationModuleId),
  );

  const base = '/api/invigilation/candidates/:applicationModuleId';
  r.post(
    `${base}/message`,
    { onRequest: staff, schema: { ...staffDoc, summary: "A message shown on the candidate's exam screen, with a reason", params: CandidateParams, body: MessageRequest, response: { 200: ActionResponse } } },
    async (request) => invigilation.sendMessage(currentUserOf(request), request.params.applicationModuleId, request.body),
  );
  r.post(
    `${base}/extratime`,
    { onRequest: staff, schema: { ...staffDoc, summary: "Adds minutes to the candidate's extra time (the engine's extension); the open sitting's deadline moves", params: CandidateParams, body: AddTimeRequest, response: { 200: ActionResponse } } },
    async (request) => invigilation.addTime(currentUserOf(request), request.params.applicationModuleId, request.body),
  );
  r.post(
    `${base}/pause`,
    { onRequest: staff, schema: { ...staffDoc, summary: "Pauses the candidate's clock", params: CandidateParams, body: ReasonRequest, response: { 200: ActionResponse } } },
    async (request) => invigilation.pause(currentUserOf(request), request.params.applicationModuleId, request.body.reason),
  );
  r.post(
    `${base}/resume`,
    { onRequest: staff, schema: { ...staffDoc, summary: "Resumes the candidate's clock: the deadline moves by the paused time", params: CandidateParams, body: ReasonRequest, response: { 200: ActionResponse } } },
    async (request) => invigilation.resume(currentUserOf(request), request.params.applicationModuleId, request.body.reason),
  );
  r.post(
    `${base}/end`,
    { onRequest: staff, schema: { ...staffDoc, summary: 'Ends the sitting for misconduct: submitted now and marked as usual', params: CandidateParams, body: ReasonRequest, response: { 200: ActionResponse } } },
    async (request) => invigilation.endForMisconduct(currentUserOf(request), request.params.applicationModuleId, request.body.reason),
  );
  r.post(
    `${base}/reports`,
    { onRequest: staff, schema: { ...staffDoc, summary: 'An irregularity report on the sitting (category, description, evidence times), shown with the application', params: CandidateParams, body: IrregularityReportRequest, response: { 200: IrregularityReport } } },
    async (request) => invigilation.report(currentUserOf(request), request.params.applicationModuleId, request.body),
  );
  r.get(
    '/api/invigilation/applications/:applicationId/reports',
    { onRequest: staff, schema: { ...staffDoc, summary: "The irregularity reports of an application's sittings", params: ApplicationParams, response: { 200: IrregularityReportList } } },
    async (request) => invigilation.applicationReports(currentUserOf(request), request.params.applicationId),
  );

  r.post(
    '/api/invigilation/mine/:examInstanceId/checkin',
    { onRequest: requireApplicant(), schema: { ...candidateDoc, summary: "The exam page checks in: the console knows the candidate is there; the page learns of a pause and the invigilators' messages", params: InstanceParams, response: { 200: CandidateNotices } } },
    async (request) => invigilation.checkIn(currentUserOf(request), request.params.examInstanceId),
  );

  const review = '/api/invigilation/review/:examInstanceId';
  r.get(
    review,
    { onRequest: staff, schema: { ...staffDoc, summary: "The examiner's review: recording manifest with gaps, events, flags, decision, reports, hold and retention date", params: InstanceParams, response: { 200: SittingReview } } },
    async (request) => reviews.review(currentUserOf(request), request.params.examInstanceId),
  );
  r.get(
    `${review}/chunk/:stream/:segment/:sequence`,
    { onRequest: staff, schema: { ...staffDoc, summary: 'A short-lived download link for one chunk of the recording', params: ChunkParams, response: { 200: ChunkLink } } },
    async (request) => reviews.chunkLink(currentUserOf(request), request.params.examInstanceId, request.params.stream, request.params.segment, request.params.sequence),
  );
  r.post(
    `${review}/flags`,
    { onRequest: staff, schema: { ...staffDoc, summary: 'Flags a moment of the sitting with a note', params: InstanceParams, body: FlagRequest, response: { 200: SittingReview } } },
    async (request) => reviews.flag(currentUserOf(request), request.params.examInstanceId, request.body),
  );
  r.post(
    `${review}/decision`,
    { onRequest: staff, schema: { ...staffDoc, summary: "The examiner's decision (no concern, concern referred); it changes no result", params: InstanceParams, body: DecisionRequest, response: { 200: SittingReview } } },
    async (request) => reviews.decide(currentUserOf(request), request.params.examInstanceId, request.body),
  );
  r.post(
    `${review}/hold`,
    { onRequest: staff, schema: { ...staffDoc, summary: "Keeps the sitting's recording past its retention date, with a reason", params: InstanceParams, body: ReasonRequest, response: { 200: SittingReview } } },
    async (request) => reviews.hold(currentUserOf(request), request.params.examInstanceId, request.body.reason),
  );
  r.post(
    `${review}/hold/release`,
    { onRequest: staff, schema: { ...staffDoc, summary: 'Releases the hold, with a reason: the recording goes at its retention date', params: InstanceParams, body: ReasonRequest, response: { 200: SittingReview } } },
    async (request) => reviews.release(currentUserOf(request), request.params.examInstanceId, request.body.reason),
  );
}
