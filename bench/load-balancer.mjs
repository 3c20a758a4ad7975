// HAProxy in front of the benchmark's servers (`bench/exam-day.mjs --load-balancer`, issue 22), as
// the README's production shape has a load balancer in front of the instances: the candidates'
// connections end at the balancer, which keeps a few kept-alive connections to each server, lets
// each server have at most `maxConnPerServer` requests at once and queues the rest itself.
// Without it the benchmark's 5,000 candidates open thousands of connections straight to one Node
// process, whose listen queue overflows when it falls behind (docs/performance.md, 2 Dec).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEPLOYED_CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../deploy/haproxy.cfg');

/** The server's answer when it is too busy (SERVER_BUSY in packages/shared/src/common/api-error.ts), as HAProxy sends it. */
const BUSY_BODY = JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'The service is busy. Please try again in a moment.' });
const BUSY_RESPONSE = [
  'HTTP/1.1 503 Service Unavailable',
  'content-type: application/json; charset=utf-8',
  'retry-after: 2',
  'cache-control: no-store',
  `content-length: ${Buffer.byteLength(BUSY_BODY)}`,
  'connection: close',
  '',
  BUSY_BODY,
].join('\r\n');

/**
 * HAProxy's configuration: HTTP keep-alive on both sides, no logging, generous timeouts (the page
 * waits up to 120 s for a launch). Unless `fifo`, its queue serves a sitting in progress before new
 * launches: the clock's polls first, then answer saves, the session, the remaining time, submissions
 * and the recording; launches and everything else after them. With `readinessChecks`
 * (`deployedReadinessChecks()`), the servers are checked and retried as production's are.
 */
export function haproxyConfig({ port, serverPorts, maxConnPerServer, statsSocket, busyFile, fifo = false, fileLimit = 20_000, readinessChecks = null }) {
  const indented = (lines) => lines.map((line) => `\n  ${line}`).join('');
  const priorities = fifo
    ? ''
    : `
  acl clock path /api/launchexam/servertime
  acl sitting path /api/updateInstances /api/remainingtime /api/isexaminprogress
  acl sitting path_reg ^/api/(module|trial)examinstance/[^/]+/submit$
  acl sitting path_beg /api/examrecording/
  http-request set-priority-class int(-2) if clock
  http-request set-priority-class int(-1) if sitting`;
  return `global
  nbthread 1
  # Each candidate's connection is one descriptor and the servers' few are reused, so nearly all of
  # the process's descriptors can be connections; HAProxy's own sizing assumes two per connection
  # and stopped accepting at 9,987 connections (the rest waited in the listen queue, up to 90 s).
  ulimit-n ${fileLimit}
  maxconn ${fileLimit - 1000}
  no strict-limits
  # HAProxy stops keeping idle connections to the servers for reuse once 20 % of its file descriptors
  # are in use (25 %: it closes them); thousands of candidates' connections pass that, and each
  # request then opened a new connection to the server (534,563 for 562,863 requests at 5,000).
  tune.pool-low-fd-ratio 90
  tune.pool-high-fd-ratio 95
  stats socket ${statsSocket} mode 600 level user
  tune.bufsize 65536

defaults
  mode http
  option http-keep-alive
  http-reuse always
  timeout connect 5s
  timeout client 120s
  timeout server 120s
  timeout queue 120s
  # As the servers' own idle timeout (Fastify's 72 s): a candidate's idle connection stays open as long.
  timeout http-keep-alive 72s${readinessChecks ? indented(readinessChecks.defaults) : ''}
  # A request that waited out its queue gets the server's own busy answer, which the page asks again after.
  errorfile 503 ${busyFile}

frontend candidates
  bind 127.0.0.1:${port} backlog 4096
  default_backend servers${priorities}

backend servers
  balance roundrobin${readinessChecks ? indented(readinessChecks.backend) : ''}
${serverPorts.map((serverPort, i) => `  server s${i + 1} 127.0.0.1:${serverPort} maxconn ${maxConnPerServer}`).join('\n')}
`;
}

/**
 * deploy/haproxy.cfg's readiness checks and retries, read from it so that the benchmark's balancer
 * takes an instance out and puts it back exactly as production's does (bench/rolling-restart.mjs):
 * from its defaults `retries`, `option redispatch` and `timeout check`; from its backend `option
 * httpchk`, the `http-check` lines and `default-server` (each server's own maxconn still applies).
 */
export function deployedReadinessChecks(file = DEPLOYED_CONFIG) {
  const lines = readFileSync(file, 'utf8').split('\n').map((line) => line.trim());
  const pick = (pattern) => {
    const found = lines.filter((line) => pattern.test(line));
    if (found.length === 0) throw new Error(`${file} has no line matching ${pattern}`);
    return found;
  };
  return {
    defaults: [...pick(/^retries /), ...pick(/^option redispatch\b/), ...pick(/^timeout check /)],
    backend: [...pick(/^option httpchk\b/), ...pick(/^http-check /), ...pick(/^default-server .*\bcheck\b/)],
  };
}

/**
 * Starts HAProxy (Debian's `haproxy` package) in the foreground on `port` and returns its process
 * (the caller waits until it answers). Throws with the way to install it when it is missing.
 */
export function startLoadBalancer({ folder, port, serverPorts, maxConnPerServer, fifo, readinessChecks = null }) {
  if (spawnSync('haproxy', ['-v']).error) throw new Error('The load balancer needs HAProxy: apt-get install -y haproxy');
  const file = path.join(folder, 'haproxy.cfg');
  const statsSocket = path.join(folder, 'haproxy.sock');
  const busyFile = path.join(folder, 'busy.http');
  writeFileSync(busyFile, BUSY_RESPONSE);
  const fileLimit = Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim()) || 20_000;
  writeFileSync(file, haproxyConfig({ port, serverPorts, maxConnPerServer, statsSocket, busyFile, fifo, fileLimit: Math.min(fileLimit, 100_000), readinessChecks }));
  const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused its configuration: ${check.stderr}`);
  // Its warning that the descriptors are fewer than twice maxconn is expected (see the configuration).
  const child = spawn('haproxy', ['-db', '-q', '-f', file], { stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`HAProxy exited unexpectedly (${code ?? signal})`);
  });
  return Object.assign(child, { statsSocket });
}

/**
 * What the balancer saw since it started, from its stats socket: the most requests queued in it at
 * once, the most at once with each server, the most client connections at once, and the mean time
 * in its queue over its last 1,024 requests (HAProxy's own window).
 */
export async function loadBalancerStats(balancer) {
  const csv = await new Promise((resolve, reject) => {
    const chunks = [];
    const socket = net.connect(balancer.statsSocket, () => socket.end('show stat\n'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
  const [header, ...lines] = csv.trim().split('\n');
  const names = header.replace(/^# /, '').split(',');
  const rows = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value])));
  const frontend = rows.find((row) => row.svname === 'FRONTEND');
  const backend = rows.find((row) => row.svname === 'BACKEND');
  const servers = rows.filter((row) => row.pxname === 'servers' && row.svname !== 'BACKEND');
  return {
    mostClientConnections: Number(frontend?.smax ?? 0),
    mostQueued: Number(backend?.qmax ?? 0),
    mostAtOnceByServer: servers.map((row) => Number(row.smax)),
    meanQueueMs: Number(backend?.qtime ?? 0),
    serverConnectionsOpened: servers.reduce((sum, row) => sum + Number(row.connect ?? 0), 0),
    requests: Number(frontend?.req_tot ?? 0),
    errorResponses: Number(frontend?.hrsp_5xx ?? 0),
    /** Each server's state as the checks see it: 'UP', 'UP 1/2' (failing its checks), 'DOWN', 'DOWN 1/3' (coming back), 'no check'. */
    serverStates: servers.map((row) => row.status),
    /** Requests HAProxy sent again after a failed connection, and sent to the other server. */
    retried: servers.reduce((sum, row) => sum + Number(row.wretr ?? 0), 0),
    redispatched: servers.reduce((sum, row) => sum + Number(row.wredis ?? 0), 0),
  };
}
