import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'certs-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><title>Certification Platform</title><div id="root"></div></html>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
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
});
