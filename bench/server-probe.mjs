// Loaded into the server process by the benchmark (node --import): every second it writes the
// event-loop delay seen since the last reset (SIGUSR2), so the benchmark can tell a busy server
// from a starved machine. It changes nothing in the server.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

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
  setInterval(write, 1000).unref();
  process.on('SIGUSR2', () => delay.reset());
}
