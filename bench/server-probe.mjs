// Loaded into the server process by the benchmark (node --import): every second it writes the
// event-loop delay seen since the last reset (SIGUSR2), so the benchmark can tell a busy server
// from a starved machine. It changes nothing in the server.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;
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
    writeFileSync(file, JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), rssMb: mb(rss), peakRssMb: mb(peakRss) }));
  };
  // Inside the server: from a request's arrival (headers parsed) to its response's end, so that
  // the benchmark can tell time spent in the server from time spent in the generator or the network.
  const handling = createHistogram();
  const serverTime = createHistogram();
  const save = createHistogram();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, request, response) {
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
    writeFileSync(`${file}.handling.json`, JSON.stringify(written));
  };
  setInterval(writeAll, 1000).unref();
  process.on('SIGUSR2', () => {
    delay.reset();
    handling.reset();
    serverTime.reset();
    save.reset();
  });
}
