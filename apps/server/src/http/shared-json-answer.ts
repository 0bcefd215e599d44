import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Below this size a compressed copy saves less than its headers cost (the API's compression threshold). */
const MIN_COMPRESS_BYTES = 1024;

const compressors: Record<Encoding, (json: Buffer) => Promise<Buffer>> = {
  // Quality 4, as the API's on-the-fly compression: on a list of guids it compresses as well as the
  // best quality at a fraction of the CPU. Both run off the event loop, in libuv's thread pool.
  br: (json) =>
    promisify(brotliCompress)(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json) => promisify(gzip)(json),
};

export interface SharedJsonAnswer {
  /** The answer serialized, or compressed with `encoding` (once, then kept for the next caller). */
  body(encoding: Encoding | null): Promise<Buffer>;
  readonly size: number;
  /** The encodings callers asked for so far: what the answer replacing this one is compressed with. */
  readonly encodings: Encoding[];
}

/**
 * A JSON answer that many callers share (a large organization's status, polled by every open
 * dashboard): serialized once and compressed once per encoding, rather than once per request.
 */
export function sharedJsonAnswer(value: unknown): SharedJsonAnswer {
  const json = Buffer.from(JSON.stringify(value));
  const compressed = new Map<Encoding, Promise<Buffer>>();
  return {
    size: json.length,
    get encodings() {
      return [...compressed.keys()];
    },
    body(encoding) {
      if (!encoding) return Promise.resolve(json);
      let body = compressed.get(encoding);
      if (!body) {
        body = compressors[encoding](json);
        compressed.set(encoding, body);
      }
      return body;
    },
  };
}

/**
 * Sends a shared answer in the encoding the caller accepts. Its Content-Encoding tells the API's
 * compression (registerApiCompression) that the body is compressed already; being a Buffer, the body
 * skips the route's serializer, so the answer must have been built to the route's schema.
 */
export async function sendSharedJson(request: FastifyRequest, reply: FastifyReply, answer: SharedJsonAnswer) {
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted && answer.size >= MIN_COMPRESS_BYTES ? negotiate(accepted, ENCODINGS) : null;
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(await answer.body(encoding));
}
