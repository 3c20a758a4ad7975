// The browsers `npm run bench:web` and `npm run bench:web:trace` measure as (issue 22): a candidate's
// mid-range phone at a site office, through the DevTools protocol's network and CPU emulation, and
// the same pages unthrottled on localhost. Targets at the median of first visits: issue 22's 3 s and
// 1 s for the first question, and issue 46's nearer the limits on the phone (the login page usable
// within 1.5 s, the first question within 2 s, an answer acknowledged within 3 s).
export const PHONE = {
  name: 'phone at a site office (1.6 Mbps, 150 ms, CPU 4x)',
  short: 'phone',
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpuRate: 4,
  targetsMs: { login: 1500, question: 2000, acknowledged: 3000 },
};

export const LOCALHOST = { name: 'localhost, unthrottled', short: 'localhost', network: null, cpuRate: 1, targetsMs: { question: 1000 } };

/**
 * A new page of `context` with the profile's network and CPU emulation applied through the DevTools
 * protocol; `cdp` is its session, for a caller that listens to the page's network events.
 */
export async function emulatedPage(context, profile, { disableCache }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: disableCache });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  page.setDefaultTimeout(120_000);
  return Object.assign(page, { cdp });
}
