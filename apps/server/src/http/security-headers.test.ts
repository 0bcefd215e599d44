import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'ec-web-dist-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Console</title>');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each(['/login', '/v1/health'])('guard %s: own scripts only, never framed, no sniffing', async (url) => {
    const response = await t.app.inject({ url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Connections: this origin, and a device's local API (Manage Device's check), no other port.
    expect(csp).toContain("connect-src 'self' http://*:2020;");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The console here is served over http: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the console is served over https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://console.example' } });
    try {
      const response = await https.app.inject({ url: '/v1/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });

  it('lets no cache keep an answer that carries a token', async () => {
    const user = await createUser(t);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.json().access_token).toBeTruthy();
    expect(signIn.headers['cache-control']).toBe('no-store');
    const token = await t.app.inject({
      method: 'POST',
      url: '/v1/pats',
      headers: user.headers(),
      payload: {},
    });
    expect(token.json().token_value).toBeTruthy();
    expect(token.headers['cache-control']).toBe('no-store');
  });

  it('says when to try again with every 429', async () => {
    const email = 'retry-after@example.com';
    let response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email, password: 'wrong' },
    });
    while (response.statusCode !== 429) {
      response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/sign-in',
        payload: { email, password: 'wrong' },
      });
    }
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });
});
