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
  const write = () => writeFileSync(file, JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) }));
  setInterval(write, 1000).unref();
  process.on('SIGUSR2', () => delay.reset());
}
