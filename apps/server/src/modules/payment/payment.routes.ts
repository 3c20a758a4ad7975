import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Payment,
  PaymentCallbackRequest,
  PaymentList,
  PaymentReportCsvQuery,
  PaymentReportPage,
  PaymentReportPrograms,
  PaymentReportQuery,
  PaymentRequestResponse,
  PaymentVerifiedRequest,
  PAYMENT_INVOICE_TYPES,
  PAYMENT_MODULE_TYPES,
  ResendPaymentLinkRequest,
  ResendPaymentLinkResponse,
  TestGatewayCompleteRequest,
  TestGatewayCompleteResponse,
  TestGatewaySession,
  TestGatewaySessionQuery,
  TrackerData,
  TrackerParams,
  WebhookParams,
  WebhookResponse,
  type StaffPaymentType,
} from '@certs/shared/payment/payment.contract';
import { currentUserOf, requireAdmin, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import { WEBHOOK_PATH } from './gateways/test-gateway';
import type { PaymentService } from './payment.service';

const BASE = '/api/paymentgateway';
const idParams = z.strictObject({ id: z.string() });

/**
 * Payments and the payment gateway (spec section 7, "Payments and coupons") in the authenticated
 * `api/` scope: the owning applicant or staff who see the application read payments; only the
 * owning applicant pays; staff with Reports read the report; staff who manage the application
 * resend links and record offline payments.
 */
export function registerPaymentRoutes(api: FastifyInstance, service: PaymentService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const doc = { tags: ['Payments'], security: [{ bearer: [] }] };
  const applicant = requireApplicant();
  const reports = requireAdmin({ menu: 'Reports' });

  r.get(
    `${BASE}/payment/byapplication/:id`,
    { onRequest: requireSignedIn(), schema: { ...doc, summary: "An application's payments, newest first (the owning applicant, or staff who see the application)", params: idParams, response: { 200: PaymentList } } },
    async (request) => service.findByApplication(currentUserOf(request), request.params.id),
  );
  r.get(
    `${BASE}/payment/:id`,
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'One payment by its id or tracker id', params: idParams, response: { 200: Payment } } },
    async (request) => service.findPayment(currentUserOf(request), request.params.id),
  );
  r.get(
    `${BASE}/payment/:id/trackerdata`,
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'What the pay page shows: invoice, amount, program, status and displayed status, expiry', params: idParams, response: { 200: TrackerData } } },
    async (request) => service.trackerData(currentUserOf(request), request.params.id),
  );
  r.post(
    `${BASE}/request/:trackerId`,
    { onRequest: applicant, schema: { ...doc, summary: 'The owning applicant starts paying: a checkout on the gateway (Pending); refused when paid or expired', params: TrackerParams, response: { 200: PaymentRequestResponse } } },
    async (request) => service.requestPayment(currentUserOf(request), request.params.trackerId),
  );
  r.post(
    `${BASE}/afterpayment/callback`,
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'Back from the gateway: the transaction is asked again and settled once', body: PaymentCallbackRequest, response: { 200: TrackerData } } },
    async (request) => service.afterPayment(currentUserOf(request), request.body.trackerId),
  );
  r.post(
    `${BASE}/afterzeropayment/callback`,
    { onRequest: applicant, schema: { ...doc, summary: 'Nothing to pay: confirms a zero invoice (409 when the invoice is not zero)', body: PaymentCallbackRequest, response: { 200: TrackerData } } },
    async (request) => service.afterZeroPayment(currentUserOf(request), request.body.trackerId),
  );
  r.get(
    `${BASE}/all/reports`,
    { onRequest: reports, schema: { ...doc, summary: 'The payments report: paged, by date range (Sydney days), status, gateway and program', querystring: PaymentReportQuery, response: { 200: PaymentReportPage } } },
    async (request) => service.report(currentUserOf(request), request.query),
  );
  r.get(
    `${BASE}/all/reports/programs`,
    { onRequest: reports, schema: { ...doc, summary: "The programs the payments report can be filtered by (those with payments)", response: { 200: PaymentReportPrograms } } },
    async (request) => service.reportPrograms(currentUserOf(request)),
  );
  r.get(
    `${BASE}/all/reports/csv`,
    { onRequest: reports, schema: { ...doc, summary: 'The payments report as CSV, with the same filters', querystring: PaymentReportCsvQuery } },
    async (request, reply) => {
      const csv = await service.reportCsv(currentUserOf(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="payments-${day}.csv"`).send(csv);
    },
  );

  // The staff side of a payment lives on the application's module routes (spec section 7: Modules),
  // and (issue 41) on a Welder Qualification application (its revalidation fee) and an AICIP
  // renewal's modules (`{id}` the renewal), so every invoice can be paid offline or sent again.
  const staff = requireAdmin({ menu: 'Programs' });
  const staffTypes = [...Object.keys(PAYMENT_MODULE_TYPES), ...Object.keys(PAYMENT_INVOICE_TYPES)] as StaffPaymentType[];
  for (const moduleType of staffTypes) {
    const staffDoc = { tags: ['Payments (staff)'], security: [{ bearer: [] }] };
    r.post(
      `/api/${moduleType}/:id/resend/payment/link`,
      { onRequest: staff, schema: { ...staffDoc, summary: 'Send the applicant a new payment link (the open one expires)', params: idParams, body: ResendPaymentLinkRequest, response: { 200: ResendPaymentLinkResponse } } },
      async (request) => service.resendLink(currentUserOf(request), moduleType, request.params.id, request.body?.note),
    );
    r.post(
      `/api/${moduleType}/:id/payment/verified`,
      { onRequest: staff, schema: { ...staffDoc, summary: 'Record an offline payment (bank transfer) with its reference; 409 when already paid', params: idParams, body: PaymentVerifiedRequest, response: { 200: Payment } } },
      async (request) => service.verifyOffline(currentUserOf(request), moduleType, request.params.id, request.body),
    );
  }
}

/**
 * Unauthenticated routes: the gateways' webhook (signature-checked over the raw bytes) and the
 * built-in test gateway's hosted page API. The webhook sits in its own plugin scope whose only
 * body parser keeps the raw Buffer, so no JSON parsing happens before the signature is checked.
 */
export async function registerPaymentPublicRoutes(app: FastifyInstance, service: PaymentService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      `${WEBHOOK_PATH}/:gateway`,
      { schema: { tags: ['Payments'], summary: "A gateway's callback: HMAC-SHA256 over the raw body, 5 minutes' tolerance; 400 on a bad signature", params: WebhookParams, response: { 200: WebhookResponse } } },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await service.handleWebhook(request.params.gateway, rawBody, request.headers);
        return { received: true as const, outcome: result.outcome };
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = { tags: ['Test payment gateway'] };
  const sessionParams = z.strictObject({ sessionId: z.string().regex(/^tgs_[0-9a-f]{24}$/) });
  r.get(
    '/unauth/testgateway/session/:sessionId',
    { schema: { ...doc, summary: 'The hosted test gateway page: what is being paid (the signed token proves the platform opened it)', params: sessionParams, querystring: TestGatewaySessionQuery, response: { 200: TestGatewaySession } } },
    async (request) => service.testGateway().readSession(request.params.sessionId, request.query.token),
  );
  r.post(
    '/unauth/testgateway/session/:sessionId/complete',
    { schema: { ...doc, summary: "The tester's choice: pay (success) or decline (failure); the signed callback goes to the webhook", params: sessionParams, body: TestGatewayCompleteRequest, response: { 200: TestGatewayCompleteResponse } } },
    async (request) => service.testGateway().complete(request.params.sessionId, request.body.token, request.body.outcome),
  );
}
