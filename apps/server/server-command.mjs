// How production starts the compiled server, in one place (decision 043): `npm start`, the systemd
// unit (deploy/certs.service), the journeys' server, the CI checks and the benchmarks all run this,
// so every figure is taken on the runtime settings production uses. server-command.test.ts checks
// that the places that cannot import it (package.json's start script, the unit, Playwright's
// command) say the same.

/**
 * V8's heap settings. The old generation grows to at most 1.2 times what survived the last full
 * collection instead of V8's adaptive factor of up to 4, and the young generation's semispaces stay
 * at 8 MB: at go-live scale the legacy import's server peaks at about 366 MB instead of 550-650 MB
 * (docs/performance.md), without a hard ceiling that would end the process under an exam-day surge
 * as `--max-old-space-size` would. 1.2 and not 1.1: at 1.1 the collections of 5,000 candidates'
 * launch minute took most of its latency margin (decision 043).
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=20', '--max-semi-space-size=8'];

/** The arguments after `node` that start the compiled server, from the repository's root. */
export function compiledServerArgs(entry = 'apps/server/dist/main.js') {
  return ['--enable-source-maps', ...SERVER_NODE_FLAGS, entry];
}
