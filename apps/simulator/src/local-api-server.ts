import { createServer, type Server } from 'node:http';
import type { LocalService } from './device-api-v2.ts';

/**
 * A device's local API over real HTTP, as an encoder on the browser's network serves it: the console's
 * Manage Device check asks it from the browser. GET only, as far as the simulator goes; the answer is
 * the JSON body the in-process API gives the cloud's rest_direct commands.
 */
export async function serveLocalApi(
  service: LocalService,
  address: { host: string; port: number },
): Promise<Server> {
  const server = createServer((request, response) => {
    const answer =
      request.method === 'GET'
        ? service({ method: 'GET', path: request.url ?? '/' })
        : { status_code: 405, body: { message: 'Only GET is served' } };
    response.writeHead(answer.status_code, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body ?? null));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => resolve());
  });
  return server;
}
