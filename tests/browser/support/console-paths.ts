import net from 'node:net';
import path from 'node:path';

/** The repository's root, where a console process runs. */
export const root = path.resolve(import.meta.dirname, '../../..');
/** The built web app under test; another folder lets several runs build and test side by side. */
export const webDist = path.resolve(process.env.EC_BROWSER_WEB_DIST ?? path.join(root, 'apps/web/dist'));

/** A free TCP port on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
