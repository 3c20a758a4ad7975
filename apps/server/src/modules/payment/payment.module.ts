import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { JobRunner, PeriodicJob } from '../../platform/jobs/periodic-job';
import type { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { ProgramService } from '../program/program.service';
import type { PaymentGateway } from './gateways/payment-gateway';
import { paymentSigningSecret } from './gateways/signature';
import { StripeGateway } from './gateways/stripe-gateway';
import { TestGateway, type WebhookDelivery } from './gateways/test-gateway';
import { AccountTimeZones } from '../account/account-time-zone';
import { PaymentRepository } from './payment.repository';
import { PaymentService, type PaymentServiceDeps } from './payment.service';

/** How often the jobs run, and how long a payment waits in Pending before its gateway is asked again. */
export const PAYMENT_JOB_INTERVAL_MS = 60_000;
export const PENDING_RECHECK_MINUTES = 10;

export interface PaymentModuleOptions {
  env: Env;
  /** Each account's own Stripe keys (the account module's service). */
  accounts: PaymentServiceDeps['accounts'];
  jwtSecret: string;
  publicUrl: string;
  mail: MailService;
  programs: ProgramService;
  deliver: WebhookDelivery;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** The payment service with the configured gateway, and its two periodic jobs (not started here). */
export function createPaymentModule(db: Database, options: PaymentModuleOptions) {
  const { env, log } = options;
  const repository = new PaymentRepository(db);
  const gateways: { test?: PaymentGateway; stripe?: PaymentGateway } = {};
  // The test gateway exists only where it is the configured one: on a Stripe installation nobody
  // can mark an invoice paid from a test page.
  if (env.PAYMENT_GATEWAY === 'test') {
    gateways.test = new TestGateway({
      secret: paymentSigningSecret(env.PAYMENT_SIGNING_SECRET, options.jwtSecret),
      publicUrl: options.publicUrl,
      merchant: env.AWARDING_BODY_NAME,
      store: { findSession: (id) => repository.findTestSession(id), decideSession: (id, decided) => repository.decideTestSession(id, decided) },
      deliver: options.deliver,
      log,
    });
  }
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    gateways.stripe = new StripeGateway({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL });
  }
  const service = new PaymentService(
    {
      repository,
      workflowRepository: new ApplicationWorkflowRepository(db),
      mail: options.mail,
      programs: options.programs,
      gateways,
      accounts: options.accounts,
      // An account without a webhook secret is settled by the re-checks (pay page, pending job): no callback of its verifies.
      stripeGatewayOf: (keys) => new StripeGateway({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret ?? '', apiUrl: env.STRIPE_API_URL }),
      zones: new AccountTimeZones(db),
    },
    { publicUrl: options.publicUrl, gateway: env.PAYMENT_GATEWAY, linkHours: env.PAYMENT_LINK_HOURS, log },
  );
  const jobs = new JobRunner()
    .add(new PeriodicJob('payments: re-check pending', PAYMENT_JOB_INTERVAL_MS, () => service.recheckPending({ olderThanMinutes: PENDING_RECHECK_MINUTES }), log))
    .add(new PeriodicJob('payments: expire links', PAYMENT_JOB_INTERVAL_MS, () => service.expireDue(), log));
  return { service, jobs };
}
