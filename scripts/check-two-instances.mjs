// Starts two server processes on different ports against one PostgreSQL database (both migrate at
// once, under the advisory lock), signs in on one and uses the token and refresh cookie on the other.
// They run the compiled server (apps/server/dist/main.js, `npm run build`) as production does.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { compiledServerArgs } from '../apps/server/server-command.mjs';

const baseUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `certs_two_instances_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(baseUrl);
url.pathname = `/${database}`;

const env = { ...process.env, DATABASE_URL: url.toString(), JWT_SECRET: 'two-instances-check-secret-of-sufficient-length', CREDENTIAL_SIGNING_KEY: 'dHdvLWluc3RhbmNlcy1jaGVjay1jcmVkZW50aWFscyE', SEED_DEMO: '1', LOG_LEVEL: 'warn', WEB_DIST_DIR: 'no-web-app', PAYMENT_GATEWAY: 'test', ALLOW_TEST_PAYMENT_GATEWAY: '1', MFA_REQUIRED_FOR_ADMINS: '0' };
// The demo super user signs in with a password alone here (two-step sign-in is decision 020's, tested in modules/auth).
const ports = [3311, 3312];
const servers = ports.map((port) => spawn(process.execPath, compiledServerArgs(), { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] }));

async function waitForHealth(port) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/unauth/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`instance on ${port} did not become healthy`);
}

let failed = false;
try {
  await Promise.all(ports.map(waitForHealth));
  const login = await fetch(`http://127.0.0.1:${ports[0]}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'super@demo.local', password: 'Demo1234!' }),
  });
  if (login.status !== 200) throw new Error(`sign-in on the first instance answered ${login.status}`);
  const { jwt } = await login.json();
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const me = await fetch(`http://127.0.0.1:${ports[1]}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } });
  if (me.status !== 200 || (await me.json()).email !== 'super@demo.local') throw new Error(`the second instance refused the token: ${me.status}`);
  const refresh = await fetch(`http://127.0.0.1:${ports[1]}/auth/local/refreshtoken`, { method: 'POST', headers: { cookie } });
  if (refresh.status !== 200) throw new Error(`the second instance refused the refresh cookie: ${refresh.status}`);
  // Credentials signed by either instance verify against the key both publish (CREDENTIAL_SIGNING_KEY, decision 018).
  const keys = await Promise.all(ports.map((port) => fetch(`http://127.0.0.1:${port}/unauth/credentials/issuer/did.json`).then((r) => r.json()).then((d) => d.verificationMethod[0].publicKeyMultibase)));
  if (keys[0] !== keys[1]) throw new Error(`the two instances publish different credential keys: ${keys.join(', ')}`);
  console.log('two instances: a token and a refresh cookie from one are accepted by the other; both publish one credential key');
} catch (error) {
  failed = true;
  console.error(error.message);
} finally {
  for (const server of servers) server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);
