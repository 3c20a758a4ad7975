import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';

/**
 * Whether this instance should get new traffic (issue 44). It starts ready (the server listens only
 * after its migrations ran) and stops being ready when a SIGTERM starts the drain, before the
 * server stops accepting, so the load balancer takes it out first.
 */
export class Readiness {
  private drainingSince: Date | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= new Date();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's readiness; main.ts starts its drain on SIGTERM. */
    readiness: Readiness;
  }
}

/**
 * For load balancers and start scripts. `/unauth/health` is liveness (200 when the database answers);
 * `/unauth/ready` is readiness: 200 when the database answers and the instance is not draining, 503
 * while it drains, so HAProxy's check takes it out before it closes.
 */
export function registerHealthRoute(app: FastifyInstance, db: Database, readiness: Readiness): void {
  app.decorate('readiness', readiness);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/unauth/health',
    { schema: { tags: ['platform'], summary: 'Liveness with a database round trip', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
  routes.get(
    '/unauth/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: 200 when this instance takes traffic, 503 while it drains for a shutdown',
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('draining') }) },
      },
    },
    async (_request, reply) => {
      if (readiness.draining) return reply.code(503).send({ status: 'draining' as const });
      await db.execute(sql`select 1`);
      return reply.code(200).send({ status: 'ready' as const });
    },
  );
}
