import { z } from 'zod';
import { certificatePatternIssues } from '@certs/shared/award/certificate-number';
import { RECORDING_RETENTION_DAYS } from '@certs/shared/exam-integrity/exam-recording.contract';

/** Certificate numbers of programs without their own pattern: WCB-2026-00001, ... (decision 017). */
export const DEFAULT_CERTIFICATE_NUMBER_PATTERN = 'WCB-{YYYY}-{N}';

/** Every environment variable the server reads, parsed once (design.md). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * On SIGTERM (issue 44): seconds `/unauth/ready` answers 503 while the server still serves, so the
   * load balancer's checks take the instance out first (HAProxy: a little more than fall × inter);
   * then at most SHUTDOWN_GRACE_SECONDS for what is in flight before the process gives up.
   */
  /** The Prometheus metrics listener (issue 44): off unless set; on METRICS_HOST (default 127.0.0.1), never the public port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(20),
  /** Unset: localhost only on the embedded default (its demo accounts have known passwords), 0.0.0.0 on a server. */
  HOST: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** Connections each instance keeps to a PostgreSQL server (with DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** Further connections kept for candidates' answer saves alone (issue 19); 0: saves share the pool above. */
  DATABASE_ANSWER_POOL_SIZE: z.coerce.number().int().min(0).max(100).default(10),
  /** '0': the answer lane always runs a statement on every connection, as before decision 045 (its rollback); '1': it learns how many (the default). */
  DATABASE_ANSWER_LANE_LEARNS: z.enum(['0', '1']).default('1'),
  /**
   * Milliseconds a request may wait for a pooled connection (or for a new one to open) before it is
   * answered 503 with Retry-After, rather than queue behind thousands (issue 22); 0: no limit.
   */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Unset: http://localhost:<PORT>, so that links and local upload URLs follow the port. */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('ap-southeast-2'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing, which most S3-compatible servers (and s3rver in tests) need. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('1'),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
  MAIL_FROM: z.string().default('Certification Platform <no-reply@certification.local>'),
  LOGIN_RESTRICTION_URL: z.string().url().optional(),
  LOGIN_RESTRICTION_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * Mails one email address may be sent an hour by registration, resend activation and forgot
   * password together; unset: 5 (MAIL_REQUEST_LIMITS in modules/registration/mail-request-limit.ts).
   */
  MAIL_REQUEST_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).optional(),
  /** Requests one client address may make to those three routes in 10 minutes; unset: 20. */
  MAIL_REQUEST_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  /**
   * Failed sign-ins a minute one client address may make across all identifiers before it is refused
   * (issue 44: a test centre's candidates share one address); one identifier from one address is
   * refused past 10 whatever this says. Unset: 100.
   */
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(10).optional(),
  /** Public register searches and certificate verifications one client address may make in the window; unset: 30 and 60 in 10 minutes. */
  REGISTER_LIMIT_SEARCHES: z.coerce.number().int().min(1).optional(),
  REGISTER_LIMIT_VERIFICATIONS: z.coerce.number().int().min(1).optional(),
  REGISTER_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).optional(),
  TEST_HOST: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** 0: no proxy; N: trust N proxy hops; or a comma list of proxy addresses/CIDRs. Never "trust everything". */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value): false | number | string[] => {
      if (value === '0' || value === '') return false;
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((part) => part.trim()).filter(Boolean);
    }),
  /** The awarding body as printed on tax invoices. */
  AWARDING_BODY_NAME: z.string().default('Welding Certification Board of Australia and New Zealand'),
  AWARDING_BODY_ABN: z.string().default('12 345 678 901'),
  AWARDING_BODY_ADDRESS: z.string().default('1 Example Street, Sydney NSW 2000, Australia'),
  AWARDING_BODY_EMAIL: z.string().default('accounts@certification.local'),
  /**
   * Certificate numbers of programs whose number pattern check is off (decision 017): {YYYY} and
   * {YY} the award year, {N} the platform-wide counter from 00001 (five digits); no {N}: appended.
   */
  CERTIFICATE_NUMBER_PATTERN: z
    .string()
    .default(DEFAULT_CERTIFICATE_NUMBER_PATTERN)
    .refine((pattern) => pattern.length > 0 && certificatePatternIssues(pattern).length === 0, {
      message: 'CERTIFICATE_NUMBER_PATTERN may hold letters, digits, "-", "." and the placeholders {YYYY}, {YY} and one {N}',
    }),
  /** GST in percent; prices are GST-inclusive, so the invoice shows the GST contained in each total. */
  GST_RATE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /**
   * test: the built-in test gateway, whose page lets whoever holds a payment link mark the invoice
   * paid; stripe: Stripe Checkout. Unset: test on the embedded default only; with DATABASE_URL it
   * must be chosen, and test there also needs ALLOW_TEST_PAYMENT_GATEWAY=1 (see readEnv).
   */
  PAYMENT_GATEWAY: z.enum(['test', 'stripe']).optional(),
  /** 1: a server database (DATABASE_URL) may use the test gateway: a staging site, never production. */
  ALLOW_TEST_PAYMENT_GATEWAY: z.enum(['0', '1']).default('0'),
  /** Secret the test gateway signs its callbacks with (HMAC-SHA256); generated from JWT_SECRET when unset. */
  PAYMENT_SIGNING_SECRET: z.string().min(32).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API address (tests point it at a local server that plays Stripe). */
  STRIPE_API_URL: z.string().url().optional(),
  /** How long a payment link stays open before it expires. */
  PAYMENT_LINK_HOURS: z.coerce.number().int().min(1).default(72),
  /** Days recordings, snapshots and keystroke logs are kept after the result is final and any review window closed (issue 19, APP 11.2). */
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(RECORDING_RETENTION_DAYS),
  /**
   * The Ed25519 key that signs award credentials (decision 018): 32 random bytes in base64 or
   * base64url (`openssl rand -base64 32`). Unset: made once into DATA_DIR on the embedded default;
   * required with DATABASE_URL, so that every instance signs with the one published key.
   */
  CREDENTIAL_SIGNING_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'CREDENTIAL_SIGNING_KEY must be 32 random bytes in base64 or base64url (openssl rand -base64 32)')
    .optional(),
  /**
   * 1: super users and account administrators must sign in with a second factor (TOTP) and are
   * sent to set it up after their password until they have. Unset: 1 with DATABASE_URL, 0 on the
   * embedded default (whose demo accounts sign in with a password alone). Decision 020.
   */
  MFA_REQUIRED_FOR_ADMINS: z.enum(['0', '1']).optional(),
  /** Key the TOTP secrets are encrypted with at rest (at least 32 characters); unset: derived from JWT_SECRET. */
  MFA_SECRET_KEY: z.string().min(32, 'MFA_SECRET_KEY must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'PUBLIC_URL' | 'PAYMENT_GATEWAY'> & { PUBLIC_URL: string; PAYMENT_GATEWAY: 'test' | 'stripe' };

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Whether the platform is served on this machine only (its public address is localhost). */
export function isLocalPublicUrl(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return LOCAL_HOSTS.includes(new URL(env.PUBLIC_URL).hostname);
}

export function listenHost(env: Pick<Env, 'HOST' | 'DATABASE_URL'>): string {
  return env.HOST ?? (env.DATABASE_URL ? '0.0.0.0' : 'localhost');
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env: Env = {
    ...parsed.data,
    PUBLIC_URL: (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/$/, ''),
    PAYMENT_GATEWAY: parsed.data.PAYMENT_GATEWAY ?? 'test',
  };
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    throw new Error(
      'Invalid configuration:\n  JWT_SECRET: required with DATABASE_URL, so that every instance accepts the tokens of the others',
    );
  }
  // A server database is a real deployment: the gateway that lets a payer mark their own invoice
  // paid is never its silent default (security review, issue 15 item 1).
  if (env.DATABASE_URL && !parsed.data.PAYMENT_GATEWAY) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_GATEWAY: required with DATABASE_URL: stripe in production (test only on a staging site, with ALLOW_TEST_PAYMENT_GATEWAY=1)',
    );
  }
  if (env.DATABASE_URL && env.PAYMENT_GATEWAY === 'test' && env.ALLOW_TEST_PAYMENT_GATEWAY !== '1') {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_GATEWAY: test lets whoever holds a payment link mark the invoice paid; with DATABASE_URL it also needs ALLOW_TEST_PAYMENT_GATEWAY=1 (a staging site, never production)',
    );
  }
  if (env.PAYMENT_GATEWAY === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required with PAYMENT_GATEWAY=stripe');
  }
  if (env.DATABASE_URL && !env.CREDENTIAL_SIGNING_KEY) {
    throw new Error(
      'Invalid configuration:\n  CREDENTIAL_SIGNING_KEY: required with DATABASE_URL, so that every instance signs credentials with the one published key (openssl rand -base64 32)',
    );
  }
  return env;
}

/** What the server logs as a warning at every start: settings that are allowed but unsafe for production. */
export function startupWarnings(env: Pick<Env, 'DATABASE_URL' | 'PAYMENT_GATEWAY' | 'MFA_REQUIRED_FOR_ADMINS'>, nodeVersion: string = process.versions.node): string[] {
  const warnings: string[] = [];
  // Decision 039: Node 24 LTS (22 works); Node 20 gets no security fixes since April 2026.
  if (Number(nodeVersion.split('.')[0]) < 22) {
    warnings.push(`Node ${nodeVersion} is out of support: run the platform on Node 24 LTS (npm start and npm run scripts use the one npm install brings).`);
  }
  if (env.DATABASE_URL && env.MFA_REQUIRED_FOR_ADMINS === '0') {
    warnings.push('MFA_REQUIRED_FOR_ADMINS=0 on a server database: super users and account administrators may sign in with a password alone. Turn it back on outside a test site.');
  }
  if (env.DATABASE_URL && env.PAYMENT_GATEWAY === 'test') {
    warnings.push(
      'PAYMENT_GATEWAY=test on a server database (ALLOW_TEST_PAYMENT_GATEWAY=1): anyone holding a payment link can mark the invoice paid. Use this on a staging site only, never in production.',
    );
  }
  return warnings;
}
