import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the browser fetches; fonts in woff2, images and source maps are left as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a response fits in one packet either way. */
const MIN_BYTES = 1024;

/** Every file under `dir`, as absolute paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, once, so that
 * the server sends the smaller copy a browser accepts without compressing on every request
 * (`@fastify/static`'s `preCompressed`). Measured on the phone profile of `npm run bench:web`: the
 * first page's scripts and stylesheet are 0.8 MB as built and about a quarter of that compressed
 * (issue 22). Runs after every other plugin, so the service worker the PWA plugin writes is included.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler(error) {
        // A failed build leaves nothing new to compress, and its error is the one to read.
        if (error) return;
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
          const body = readFileSync(file);
          const brotli = brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          });
          const gzip = gzipSync(body, { level: 9 });
          // A copy no smaller than the file would only cost the browser its decoding.
          if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
          if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
        }
      },
    },
  };
}
