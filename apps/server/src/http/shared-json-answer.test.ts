import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSharedJson, sharedJsonAnswer } from './shared-json-answer.ts';
import { registerApiCompression } from './web-assets.ts';

const LARGE = {
  guids: Array.from({ length: 500 }, (_, i) => `0000${i}-aaaa-4bbb-8ccc-${String(i).padStart(12, '0')}`),
};
const SMALL = { ok: true };
const large = sharedJsonAnswer(LARGE);
const small = sharedJsonAnswer(SMALL);

// The API's own compression is registered as in the app: it must leave a shared answer as it is.
const app = Fastify();
beforeAll(async () => {
  await registerApiCompression(app);
  app.get('/large', (request, reply) => sendSharedJson(request, reply, large));
  app.get('/small', (request, reply) => sendSharedJson(request, reply, small));
  await app.ready();
});
afterAll(() => app.close());

describe('a shared JSON answer', () => {
  it('is sent in the encoding the caller prefers, compressed once, and as JSON to one that accepts none', async () => {
    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/json; charset=utf-8',
      vary: 'accept-encoding',
    });
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(LARGE);
    expect(await large.body('br')).toBe(await large.body('br'));

    const gzip = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(LARGE);

    const plain = await app.inject({ url: '/large', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(LARGE);
  });

  it('is sent as it is when too small to gain from compression', async () => {
    const response = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(SMALL);
  });
});
