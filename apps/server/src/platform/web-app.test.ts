import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

const PAGE_SCRIPT = `export const questions = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Question ${i}`))};`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'certs-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><title>Certification Platform</title><div id="root"></div></html>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
  // What the build's precompress step writes beside a file.
  writeFileSync(path.join(dist, 'assets', 'page.js'), PAGE_SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'page.js.br'), brotliCompressSync(PAGE_SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'page.js.gz'), gzipSync(PAGE_SCRIPT));
  writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting()');
  t = await buildTestApp({}, undefined, dist);
});
afterAll(async () => {
  await t.close();
});

describe('serving the web app', () => {
  it('sends index.html, with the security headers, for the app routes', async () => {
    for (const url of ['/', '/admin/users', '/student/login?next=%2Fstudent%2FapplicantHome', '/register']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves the built files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
  });

  it('answers unknown API paths and non-GET requests with the 404 error body, never the page', async () => {
    for (const [method, url] of [['GET', '/unauth/nothing'], ['GET', '/auth/local/nothing'], ['POST', '/admin/users']] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('sends the Brotli copy to a browser that accepts it, gzip to one that accepts only that, the file itself otherwise', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/page.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(PAGE_SCRIPT);

    const gzip = await t.app.inject({ method: 'GET', url: '/assets/page.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE_SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/page.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE_SCRIPT);
  });

  it('answers a revalidation of the compressed copy with 304 and the same caching', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/assets/page.js', headers: { 'accept-encoding': 'br' } });
    const again = await t.app.inject({ method: 'GET', url: '/assets/page.js', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves the compressed copies under their own names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/page.js.br' });
    expect(response.rawPayload.equals(brotliCompressSync(PAGE_SCRIPT))).toBe(false);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('lets the browser keep the hashed files for a year, and makes it ask again for index.html and the service worker', async () => {
    for (const url of ['/assets/app.js', '/assets/page.js']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/sw.js', '/student/login', '/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
