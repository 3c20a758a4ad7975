import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** A year: the longest a browser is asked to keep a file. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * How long a browser may keep a file of the built web app. The build names every file under
 * `assets/` after a hash of its content, so such a file never changes: kept for a year without
 * asking again. Everything else (index.html, the service worker, the icons) keeps its name across
 * deploys, so the browser asks each time whether it changed (an unchanged file answers 304).
 */
export function cacheControlForWebFile(relativePath: string): string {
  const segments = relativePath.split(/[\\/]/);
  return segments[0] === 'assets' && segments.length > 1 ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache';
}

/**
 * Serves the built web app's files. The build writes Brotli and gzip copies of its text files
 * (apps/web/build/precompress.ts): a browser that accepts one is sent it, and they are never
 * served under their own names.
 */
export async function registerWebAppFiles(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlForWebFile(path.relative(webDistDir, filePath)));
    },
  });
}
