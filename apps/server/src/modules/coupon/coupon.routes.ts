import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Coupon,
  CouponList,
  CouponListQuery,
  CouponPage,
  CouponProgramOptions,
  CouponProgramQuery,
  CouponRequest,
  CouponVerifyParams,
  CouponVerifyQuery,
  CouponVerifyResponse,
  ProgramTypeParams,
} from '@certs/shared/coupon/coupon.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { CouponService } from './coupon.service';

const IdParams = z.strictObject({ id: z.string() });
const BASE = '/api/programapplicationcoupon';

/**
 * `api/programapplicationcoupon` (spec section 7, Payments and coupons): staff with the Discount
 * Codes menu; verification also for staff who manage the program's applications. Applicants 403.
 */
export function registerCouponRoutes(api: FastifyInstance, coupons: CouponService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin();
  const doc = { tags: ['discount codes'], security: [{ bearer: [] }] };

  r.post(`${BASE}`, { onRequest: staff, schema: { ...doc, summary: 'Create a discount code', body: CouponRequest, response: { 201: Coupon } } }, async (request, reply) =>
    reply.status(201).send(await coupons.create(currentUserOf(request), request.body)),
  );
  r.get(
    `${BASE}/pagination`,
    { onRequest: staff, schema: { ...doc, summary: 'Discount codes, paged, searched by code, with how often each was used', querystring: CouponListQuery, response: { 200: CouponPage } } },
    async (request) => coupons.findPage(currentUserOf(request), request.query),
  );
  r.get(
    `${BASE}/programs`,
    { onRequest: staff, schema: { ...doc, summary: 'Programs a discount code can be for (the form)', querystring: CouponProgramQuery, response: { 200: CouponProgramOptions } } },
    async (request) => coupons.findProgramOptions(currentUserOf(request), request.query.searchTerm),
  );
  r.get(
    `${BASE}/programtype/:type`,
    { onRequest: staff, schema: { ...doc, summary: 'Discount codes for programs of a type (the type itself or one of its programs)', params: ProgramTypeParams, response: { 200: CouponList } } },
    async (request) => coupons.findForProgramType(currentUserOf(request), request.params.type),
  );
  r.get(
    `${BASE}/:programId/:applicantId/:code/verify/coupon`,
    {
      onRequest: staff,
      schema: {
        ...doc,
        summary: "Verify a code for a program and applicant: its terms and the discount on a subtotal, or the reason it cannot be used (400)",
        params: CouponVerifyParams,
        querystring: CouponVerifyQuery,
        response: { 200: CouponVerifyResponse },
      },
    },
    async (request) => coupons.verify(currentUserOf(request), request.params, request.query.subtotalCents),
  );
  r.get(`${BASE}/:id`, { onRequest: staff, schema: { ...doc, summary: 'A discount code', params: IdParams, response: { 200: Coupon } } }, async (request) =>
    coupons.findOne(currentUserOf(request), request.params.id),
  );
  r.post(
    `${BASE}/update/:id`,
    { onRequest: staff, schema: { ...doc, summary: 'Change a discount code (the discount, code and program are fixed once it has been used)', params: IdParams, body: CouponRequest, response: { 200: Coupon } } },
    async (request) => coupons.update(currentUserOf(request), request.params.id, request.body),
  );
}
