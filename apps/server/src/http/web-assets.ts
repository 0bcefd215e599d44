import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Files whose names carry a hash of their content: a new build gives them new names. */
const HASHED_ASSETS = 'assets';
const KEEP_FOR_A_YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built web app: the `.br` and `.gz` files written beside each file at build time are sent to
 * browsers that accept them, hashed assets are cached for good, everything else (index.html first)
 * is revalidated on each use. Source maps and the compressed copies have no URL of their own.
 */
export async function registerWebAssets(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, file) {
      const hashed = path.relative(webDist, file).startsWith(`${HASHED_ASSETS}${path.sep}`);
      reply.header('cache-control', hashed ? KEEP_FOR_A_YEAR : REVALIDATE);
    },
  });
}

/**
 * API answers compressed on the fly when they are large enough to gain from it; brotli at a quality
 * that costs little CPU per request (the plugin's default of 4). Registered inside the API's scope so
 * the static files above, compressed once at build time, are not compressed again.
 */
export async function registerApiCompression(api: FastifyInstance) {
  await api.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
}

/**
 * A request the web app's index page answers: a GET or HEAD outside the API for a path that names
 * no file (client-side routes), so a missing script or map is a plain 404, not HTML.
 */
export function isClientRoute(method: string, url: string) {
  if (method !== 'GET' && method !== 'HEAD') return false;
  // Doubled slashes route like single ones, so `//v1/...` is the API too.
  const pathname = (url.split('?', 1)[0] ?? '').replace(/\/{2,}/g, '/');
  if (pathname === '/v1' || pathname.startsWith('/v1/')) return false;
  if (pathname.startsWith(`/${HASHED_ASSETS}/`)) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}
