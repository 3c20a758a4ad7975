// Loaded into the server process by the benchmark (node --import): every second it writes the
// event-loop delay seen since the last reset (SIGUSR2), so the benchmark can tell a busy server
// from a starved machine. It changes nothing in the server.
import { renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';

const file = process.env.BENCH_PROBE_FILE;
/** Whole or not at all: the benchmark may read a file while it is being written (it once read half of one). */
const writeJson = (path, value) => {
  writeFileSync(`${path}.tmp`, JSON.stringify(value));
  renameSync(`${path}.tmp`, path);
};
if (file) {
  const RESOLUTION_MS = 5;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  // The histogram holds whole timer intervals: what exceeds the resolution is the delay.
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  // Resident memory now and the highest seen since start (issue 22: memory at the peak of a sitting).
  let peakRss = 0;
  const write = () => {
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    const mb = (bytes) => Math.round(bytes / 1024 / 1024);
    writeJson(file, { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), rssMb: mb(rss), peakRssMb: mb(peakRss) });
  };
  // Inside the server: from a request's arrival (headers parsed) to its response's end, so that
  // the benchmark can tell time spent in the server from time spent in the generator or the network.
  const handling = createHistogram();
  const serverTime = createHistogram();
  const save = createHistogram();
  // Connections (issue 22, 5,000 candidates: bursts of new connections overflowed the listen queue):
  // how many opened each second since the reset, how many are open, and who ended them: the client
  // (its FIN first), the server's idle timeout (keepAliveTimeout), or an error such as a reset.
  let resetAt = performance.now();
  let openedBySecond = [];
  const ended = { byClient: 0, byIdleTimeout: 0, byError: 0 };
  let open = 0;
  let peakOpen = 0;
  const onConnection = (socket) => {
    const second = Math.floor((performance.now() - resetAt) / 1000);
    openedBySecond[second] = (openedBySecond[second] ?? 0) + 1;
    open += 1;
    peakOpen = Math.max(peakOpen, open);
    let cause = null;
    socket.once('end', () => (cause ??= 'byClient'));
    socket.once('timeout', () => (cause ??= 'byIdleTimeout'));
    socket.once('error', () => (cause ??= 'byError'));
    socket.once('close', () => {
      open -= 1;
      if (cause) ended[cause] += 1;
    });
  };
  // Waiting for a pooled database connection (issue 22: at 5,000 candidates requests spent seconds
  // inside the server): the time from asking each pool for a connection to getting one, and the most
  // requests waiting at once in each 10-s window. The server and this probe share the one 'pg' module.
  const pools = new Map();
  const poolStats = (name) => {
    if (!pools.has(name)) pools.set(name, { acquire: createHistogram(), waitingBy10s: [] });
    return pools.get(name);
  };
  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (callback) {
    const stats = poolStats(this.options.application_name ?? 'pool');
    const started = performance.now();
    const record = () => stats.acquire.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
    const result = typeof callback === 'function' ? connect.call(this, (error, client, done) => (record(), callback(error, client, done))) : connect.call(this).then((client) => (record(), client));
    const window = Math.floor((performance.now() - resetAt) / 10_000);
    stats.waitingBy10s[window] = Math.max(stats.waitingBy10s[window] ?? 0, this.waitingCount);
    return result;
  };
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, request, response) {
    if (event === 'connection') onConnection(request);
    if (event === 'request') {
      const arrived = performance.now();
      response.once('finish', () => {
        const micros = Math.max(1, Math.round((performance.now() - arrived) * 1000));
        handling.record(micros);
        if (request.url === '/api/launchexam/servertime') serverTime.record(micros);
        else if (request.url === '/api/updateInstances') save.record(micros);
      });
    }
    return emit.apply(this, arguments);
  };
  const inMs = (histogram, p) => (histogram.count === 0 ? null : Math.round(histogram.percentile(p) / 100) / 10);
  const writeAll = () => {
    write();
    const written = JSON.parse(JSON.stringify({ handling: { p99: inMs(handling, 99), max: inMs(handling, 100) }, serverTime: { p99: inMs(serverTime, 99), max: inMs(serverTime, 100) }, save: { p99: inMs(save, 99), max: inMs(save, 100) } }));
    writeJson(`${file}.handling.json`, written);
    const poolsWritten = Object.fromEntries(
      [...pools].map(([name, stats]) => [name, { p99: inMs(stats.acquire, 99), max: inMs(stats.acquire, 100), count: stats.acquire.count, waitingBy10s: Array.from(stats.waitingBy10s, (n) => n ?? 0) }]),
    );
    writeJson(`${file}.pools.json`, poolsWritten);
    writeJson(`${file}.connections.json`, { openedBySecond: Array.from(openedBySecond, (n) => n ?? 0), ended, open, peakOpen });
  };
  setInterval(writeAll, 1000).unref();
  process.on('SIGUSR2', () => {
    delay.reset();
    handling.reset();
    serverTime.reset();
    save.reset();
    resetAt = performance.now();
    for (const stats of pools.values()) {
      stats.acquire.reset();
      stats.waitingBy10s = [];
    }
    openedBySecond = [];
    ended.byClient = ended.byIdleTimeout = ended.byError = 0;
    peakOpen = open;
  });
}
