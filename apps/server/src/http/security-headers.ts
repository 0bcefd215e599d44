import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, console and API alike (helmet): scripts only from this origin,
 * never framed, no MIME sniffing, no referrer beyond the origin; HSTS only when the console is
 * served over https (a browser ignores it over http, and a local http console must keep working).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's styling engine (emotion) and Swagger UI write style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures are shown from object URLs, the TOTP QR code from a data URL; banners may show images.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the live channel's WebSocket on the same host. Manage Device asks a device's
        // local API on its own address, port 2020 (spec 2 §7): that port, over http, and nothing more.
        connectSrc: ["'self'", 'http://*:2020'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

/**
 * API answers are one person's data, and some carry tokens, secrets or codes: no cache, browser or
 * proxy, may keep them (the console caches in memory with TanStack Query).
 */
export function registerNoStore(api: FastifyInstance) {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
