import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { readEnv, type Env } from '../../src/config/env';
import { createAccountModule } from '../../src/modules/account/account.module';
import type { WebhookDelivery } from '../../src/modules/payment/gateways/test-gateway';
import { createPaymentModule } from '../../src/modules/payment/payment.module';
import type { PaymentService } from '../../src/modules/payment/payment.service';
import { createProgramModule } from '../../src/modules/program/program.module';
import { MailRepository } from '../../src/platform/mail/mail.repository';
import { MailService } from '../../src/platform/mail/mail.service';
import { openTestDatabase, TEST_JWT_SECRET, type TestApp } from '../build-test-app';

/** The test gateway's callbacks delivered through app.inject instead of HTTP, so API tests need no listening port. */
export function injectWebhookDelivery(app: FastifyInstance): WebhookDelivery {
  return async ({ path: url, body, headers }) => {
    const response = await app.inject({ method: 'POST', url, payload: body, headers });
    return { statusCode: response.statusCode };
  };
}

export interface PaymentTestApp extends TestApp {
  /** A payment service on the same database and configuration, for driving the jobs directly. */
  payments: PaymentService;
}

/**
 * buildTestApp with the test gateway delivering through app.inject. With `logs`, the app's
 * warnings and errors are collected there as JSON lines (to see refused callbacks logged).
 */
export async function buildPaymentTestApp(envOverrides: Partial<Record<keyof Env, string>> = {}, options: { logs?: string[] } = {}): Promise<PaymentTestApp> {
  const db = await openTestDatabase();
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RESTRICTION_CACHE_SECONDS: '0', ...envOverrides });
  const logs = options.logs;
  const app = await buildApp({
    env,
    database: db,
    jwtSecret: TEST_JWT_SECRET,
    logger: logs ? { level: 'warn', stream: { write: (line: string) => void logs.push(line) } } : false,
    dataDir: mkdtempSync(path.join(tmpdir(), 'certs-data-')),
    paymentWebhookDelivery: injectWebhookDelivery,
  });
  await app.ready();
  const silent = { info: () => undefined, warn: () => undefined };
  const publicUrl = env.PUBLIC_URL;
  const payments = createPaymentModule(db.db, {
    env,
    // The app's secret: this service opens the gateway keys the app's account settings sealed.
    accounts: createAccountModule(db.db, { serverSecret: TEST_JWT_SECRET, sessionUsers: { forget: () => undefined } }),
    jwtSecret: TEST_JWT_SECRET,
    publicUrl,
    mail: new MailService(new MailRepository(db.db), { from: env.MAIL_FROM, log: silent }),
    programs: createProgramModule(db.db).programs,
    deliver: injectWebhookDelivery(app),
    log: silent,
  }).service;
  return {
    app,
    database: db,
    payments,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
