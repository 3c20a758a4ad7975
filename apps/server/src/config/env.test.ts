import { describe, expect, it } from 'vitest';
import { listenHost, readEnv, startupWarnings } from './env';

const SUPPORTED_NODE = '24.22.3';

describe('configuration', () => {
  describe('the runtime (decision 039: Node 24 LTS, 22 works)', () => {
    it('warns at start on a Node out of support, and not on 22 or 24', () => {
      expect(startupWarnings(readEnv({}), '20.20.2')).toEqual([expect.stringMatching(/^Node 20\.20\.2 is out of support: run the platform on Node 24 LTS/)]);
      expect(startupWarnings(readEnv({}), '22.12.0')).toEqual([]);
      expect(startupWarnings(readEnv({}), '24.22.3')).toEqual([]);
    });

    it('runs this suite on a supported Node (npm scripts put the Node that npm install brought first)', () => {
      expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
    });
  });

  it('follows the port for the public address when none is given', () => {
    expect(readEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(readEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(readEnv({ PUBLIC_URL: 'https://certs.example.org/' }).PUBLIC_URL).toBe('https://certs.example.org');
  });

  it("lets the answer lane learn its statements at once unless told not to (decision 045's rollback), and refuses another value", () => {
    expect(readEnv({}).DATABASE_ANSWER_LANE_LEARNS).toBe('1');
    expect(readEnv({ DATABASE_ANSWER_LANE_LEARNS: '0' }).DATABASE_ANSWER_LANE_LEARNS).toBe('0');
    expect(() => readEnv({ DATABASE_ANSWER_LANE_LEARNS: 'no' })).toThrow(/DATABASE_ANSWER_LANE_LEARNS/);
  });

  it('lists every bad value in one readable error', () => {
    expect(() => readEnv({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/Invalid configuration:\n {2}PORT: .*\n {2}JWT_SECRET: JWT_SECRET must be at least 32 characters/);
  });

  it('requires a shared signing secret on a PostgreSQL server', () => {
    expect(() => readEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' })).toThrow(/JWT_SECRET: required with DATABASE_URL/);
  });

  it('requires the credential signing key on a PostgreSQL server and takes it only as 32 bytes of base64', () => {
    const server = { DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 'a'.repeat(32), PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => readEnv(server)).toThrow(/^Invalid configuration:\n {2}CREDENTIAL_SIGNING_KEY: required with DATABASE_URL/);
    expect(readEnv({ ...server, CREDENTIAL_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64') }).CREDENTIAL_SIGNING_KEY).toHaveLength(44);
    expect(readEnv({ ...server, CREDENTIAL_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64url') }).CREDENTIAL_SIGNING_KEY).toHaveLength(43);
    expect(() => readEnv({ CREDENTIAL_SIGNING_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/CREDENTIAL_SIGNING_KEY: CREDENTIAL_SIGNING_KEY must be 32 random bytes/);
    expect(readEnv({}).CREDENTIAL_SIGNING_KEY).toBeUndefined();
  });

  it('reads proxy trust as off, a hop count, or a list of addresses', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.1']);
  });

  it('listens on localhost only for the embedded default unless told otherwise', () => {
    expect(listenHost(readEnv({}))).toBe('localhost');
    expect(listenHost(readEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 'a'.repeat(32), CREDENTIAL_SIGNING_KEY: 'A'.repeat(43), PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }))).toBe('0.0.0.0');
    expect(listenHost(readEnv({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
  });

  describe('payment gateway (security review: the test gateway lets a payer mark their own invoice paid)', () => {
    const SERVER = { DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 'a'.repeat(32), CREDENTIAL_SIGNING_KEY: 'A'.repeat(43) };
    const STRIPE = { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

    it('defaults to the test gateway on the embedded database, with nothing to warn about', () => {
      const env = readEnv({});
      expect(env.PAYMENT_GATEWAY).toBe('test');
      expect(startupWarnings(env, SUPPORTED_NODE)).toEqual([]);
    });

    it('refuses to start on a server database unless PAYMENT_GATEWAY is chosen', () => {
      expect(() => readEnv(SERVER)).toThrow(/^Invalid configuration:\n {2}PAYMENT_GATEWAY: required with DATABASE_URL/);
    });

    it('refuses the test gateway on a server database without ALLOW_TEST_PAYMENT_GATEWAY=1', () => {
      expect(() => readEnv({ ...SERVER, PAYMENT_GATEWAY: 'test' })).toThrow(/^Invalid configuration:\n {2}PAYMENT_GATEWAY: test .*ALLOW_TEST_PAYMENT_GATEWAY=1/);
      expect(() => readEnv({ ...SERVER, PAYMENT_GATEWAY: 'test', ALLOW_TEST_PAYMENT_GATEWAY: '0' })).toThrow(/ALLOW_TEST_PAYMENT_GATEWAY=1/);
      expect(() => readEnv({ ...SERVER, PAYMENT_GATEWAY: 'test', ALLOW_TEST_PAYMENT_GATEWAY: 'yes' })).toThrow(/^Invalid configuration:\n {2}ALLOW_TEST_PAYMENT_GATEWAY: /);
    });

    it('allows the test gateway on a staging server when told to, and warns at start', () => {
      const env = readEnv({ ...SERVER, PAYMENT_GATEWAY: 'test', ALLOW_TEST_PAYMENT_GATEWAY: '1' });
      expect(env.PAYMENT_GATEWAY).toBe('test');
      expect(startupWarnings(env, SUPPORTED_NODE)).toEqual([expect.stringMatching(/^PAYMENT_GATEWAY=test on a server database .*never in production/)]);
    });

    it('takes Stripe on a server database as before, with its two secrets, and no warning', () => {
      const env = readEnv({ ...SERVER, ...STRIPE });
      expect(env.PAYMENT_GATEWAY).toBe('stripe');
      expect(startupWarnings(env, SUPPORTED_NODE)).toEqual([]);
      expect(readEnv(STRIPE).PAYMENT_GATEWAY).toBe('stripe');
      expect(() => readEnv({ ...SERVER, PAYMENT_GATEWAY: 'stripe' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required with PAYMENT_GATEWAY=stripe/);
      expect(() => readEnv({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required with PAYMENT_GATEWAY=stripe/);
    });

    it('warns at start when a server database lets administrators sign in without a second factor', () => {
      expect(startupWarnings(readEnv({ ...SERVER, ...STRIPE, MFA_REQUIRED_FOR_ADMINS: '0' }), SUPPORTED_NODE)).toEqual([expect.stringMatching(/^MFA_REQUIRED_FOR_ADMINS=0 on a server database/)]);
      expect(startupWarnings(readEnv({ ...SERVER, ...STRIPE, MFA_REQUIRED_FOR_ADMINS: '1' }), SUPPORTED_NODE)).toEqual([]);
      expect(startupWarnings(readEnv({ MFA_REQUIRED_FOR_ADMINS: '0' }), SUPPORTED_NODE)).toEqual([]);
    });
  });
});
