// The browsers `npm run bench:web` and `npm run bench:web:trace` measure as (issue 22): a candidate's
// mid-range phone at a site office, through the DevTools protocol's network and CPU emulation, and
// the same pages unthrottled on localhost.
export const PHONE = {
  name: 'phone at a site office (1.6 Mbps, 150 ms, CPU 4x)',
  short: 'phone',
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpuRate: 4,
  firstQuestionTargetMs: 3000,
};

export const LOCALHOST = { name: 'localhost, unthrottled', short: 'localhost', network: null, cpuRate: 1, firstQuestionTargetMs: 1000 };
