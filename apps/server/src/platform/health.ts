import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';

/** For load balancers and start scripts: answers 200 only when the database answers. */
export function registerHealthRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/unauth/health',
    { schema: { tags: ['platform'], summary: 'Liveness with a database round trip', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
}
