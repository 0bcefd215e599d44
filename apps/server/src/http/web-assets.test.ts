import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const INDEX = '<!doctype html><title>Edgecaster Cloud</title><script src="/assets/index-abc123.js"></script>';
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

/** A built web app in miniature, as `vite build` writes it: hashed assets with their compressed copies. */
async function writeWebDist(dir: string) {
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  const script = path.join(dir, 'assets/index-abc123.js');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(`${script}.map`, '{"version":3,"sources":["secret.ts"]}');
}

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'ec-web-dist-'));
  await writeWebDist(webDist);
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('web app delivery', () => {
  it('sends the brotli or gzip copy of an asset to a browser that accepts it, and the file itself otherwise', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for good', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the index page revalidated, at / and as the answer for client-side routes', async () => {
    for (const url of ['/', '/index.html', '/devices', '/auth/login?redirect=%2Fdashboard']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.payload, url).toBe(INDEX);
    }
  });

  it('answers HEAD of a client-side route like GET, without the body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.payload).toBe('');
  });

  it('serves no source maps, compressed copies by their own names, or HTML for missing files', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
      '/assets/missing-0000.js',
      '/favicon.ico',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('routes paths with trailing or doubled slashes like clean ones: the API answers JSON, pages the index', async () => {
    for (const url of ['/v1/nothing-here', '/v1//nothing-here/', '//v1/nothing-here']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
    for (const url of ['/devices/', '//devices', '/robots.txt/']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ url: '//devices' })).payload).toBe(INDEX);
  });

  it('serves robots.txt as text', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.payload).toContain('Disallow: /');
  });

  it('compresses large API answers on the fly, and leaves small ones as they are', async () => {
    const large = await t.app.inject({ url: '/v1/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).openapi).toMatch(/^3/);

    const gzip = await t.app.inject({ url: '/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await t.app.inject({ url: '/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
