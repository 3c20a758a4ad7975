// `npm run bench:web:trace -- [login|exam] [--localhost] [--profile|--timeline]` (issue 22): one first visit on the phone
// profile of `npm run bench:web` (1.6 Mbps, 150 ms, CPU 4x; or unthrottled with `--localhost`; no
// cache, no service worker), printed as a
// waterfall: each request's start, first byte and end in ms from the navigation, and the bytes that
// crossed the network. Where bench:web says how long, this says what the time went on. Builds
// nothing itself: run `npm run build` first (`WEB_DIST_DIR` picks another build of the web app).
import { PAGES, firstVisitContext, launchChromium, startServer } from '../scripts/lib/web-pages.mjs';
import { LOCALHOST, PHONE, emulatedPage } from './web-profiles.mjs';

const which = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'login';
const profile = process.argv.includes('--localhost') ? LOCALHOST : PHONE;
const target = { login: PAGES.find((page) => page.name === 'applicant login'), exam: PAGES.find((page) => page.name.startsWith('exam sitting')) }[which];
if (!target) throw new Error(`unknown page ${which}: login or exam`);

const server = await startServer(Number(process.env.BENCH_WEB_PORT ?? 3296));
const browser = await launchChromium();
try {
  const { context, jwt } = await firstVisitContext(browser, server.baseUrl, target.signIn);
  const path = await target.path({ baseUrl: server.baseUrl, jwt });
  const page = await emulatedPage(context, profile, { disableCache: true });
  const { cdp } = page;
  const requests = new Map();
  let firstRequestAt = null;
  cdp.on('Network.requestWillBeSent', (event) => {
    firstRequestAt ??= event.timestamp;
    requests.set(event.requestId, { url: event.request.url.replace(server.baseUrl, ''), type: event.type, start: event.timestamp });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { firstByte: event.timestamp, encoding: event.response.headers['content-encoding'] ?? '' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  // With --profile, the page's JavaScript sampled: where the main thread's time went, by script and
  // by function. The sampling slows the page, so the waterfall's times are longer with it.
  const isProfiled = process.argv.includes('--profile');
  if (isProfiled) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // With --timeline, the browser's own trace of the page's main thread: the time by kind of work
  // (style, layout, paint, parsing and compiling scripts, running them), which the sampled profile
  // shows only as "(program)".
  const isTimeline = process.argv.includes('--timeline');
  const traceEvents = [];
  if (isTimeline) {
    cdp.on('Tracing.dataCollected', (event) => traceEvents.push(...event.value));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,v8.execute,blink,loading', transferMode: 'ReportEvents' });
  }
  await page.goto(path, { waitUntil: 'commit' });
  const readyMs = await target.ready(page);
  const cpuProfile = isProfiled ? (await cdp.send('Profiler.stop')).profile : null;
  if (isTimeline) {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
  }

  const at = (timestamp) => (timestamp === undefined ? '-' : ((timestamp - firstRequestAt) * 1000).toFixed(0)).padStart(6);
  console.log(`${target.name}, ${profile.name}: usable ${(readyMs / 1000).toFixed(2)} s after the navigation`);
  console.log(` start  first    end     KB  encoding  type        path`);
  for (const request of [...requests.values()].sort((a, b) => a.start - b.start)) {
    const kb = ((request.bytes ?? 0) / 1024).toFixed(1).padStart(6);
    console.log(`${at(request.start)} ${at(request.firstByte)} ${at(request.end)} ${kb}  ${(request.encoding || '-').padEnd(8)}  ${request.type.padEnd(10)}  ${request.url.slice(0, 100)}`);
  }
  if (cpuProfile) printProfile(cpuProfile, server.baseUrl);
  if (isTimeline) printTimeline(traceEvents);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

/** Sampled time by script file and the functions that took the most, self time. */
function printProfile(cpuProfile, baseUrl) {
  const nodes = new Map(cpuProfile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  for (let i = 0; i < cpuProfile.samples.length; i++) {
    const id = cpuProfile.samples[i];
    selfMs.set(id, (selfMs.get(id) ?? 0) + (cpuProfile.timeDeltas[i] ?? 0) / 1000);
  }
  const byScript = new Map();
  const byFunction = new Map();
  for (const [id, ms] of selfMs) {
    const { callFrame } = nodes.get(id);
    const script = callFrame.url ? callFrame.url.replace(baseUrl, '') : `(${callFrame.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const name = `${callFrame.functionName || '(anonymous)'} ${script}:${callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log('main thread, sampled self time by script:');
  for (const [script, ms] of top(byScript, 15)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${script}`);
  console.log('by function:');
  for (const [name, ms] of top(byFunction, 20)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${name.slice(0, 120)}`);
}

/** Self time of each kind of trace event on the renderers' main threads, largest first. */
function printTimeline(events) {
  const mainThreads = new Set(
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !mainThreads.has(thread) || !(event.dur > 0)) continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread).push(event);
  }
  const selfUs = new Map();
  let busyUs = 0;
  for (const threadEvents of byThread.values()) {
    // Parents start first and, at equal starts, last longer: each event's children are the events
    // that start before it ends.
    threadEvents.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const open = [];
    for (const event of threadEvents) {
      while (open.length && open.at(-1).ts + open.at(-1).dur <= event.ts) open.pop();
      const parent = open.at(-1);
      if (parent) selfUs.set(parent.name, (selfUs.get(parent.name) ?? 0) - event.dur);
      else busyUs += event.dur;
      selfUs.set(event.name, (selfUs.get(event.name) ?? 0) + event.dur);
      open.push(event);
    }
  }
  console.log(`main thread busy ${(busyUs / 1000).toFixed(0)} ms; self time by trace event:`);
  for (const [name, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}
