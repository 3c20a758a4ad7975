import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DASHBOARD_PATHS, DashboardSummary, MyWork } from '@certs/shared/dashboard/dashboard.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { DashboardService } from './dashboard.service';

const doc = { tags: ['dashboard'], security: [{ bearer: [] }] };

/** The Dashboard menu's summary (scoped to the caller's programs), and any staff member's own work for their role home. */
export function registerDashboardRoutes(api: FastifyInstance, dashboard: DashboardService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    DASHBOARD_PATHS.summary,
    { onRequest: requireAdmin({ menu: 'Dashboard' }), schema: { ...doc, summary: 'Applications by status and stage, exams ahead, payments this month, awards, pending actions', response: { 200: DashboardSummary } } },
    async (request) => dashboard.summary(currentUserOf(request)),
  );
  r.get(
    DASHBOARD_PATHS.myWork,
    { onRequest: requireAdmin(), schema: { ...doc, summary: "The caller's own work: applications they assess, sittings they examine or invigilate, answers waiting for their marks", response: { 200: MyWork } } },
    async (request) => dashboard.myWork(currentUserOf(request)),
  );
}
