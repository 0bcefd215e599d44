import net from 'node:net';

/**
 * One address in front of several console processes, as a load balancer: each new connection goes to
 * the next process in turn, and to the one after when that one does not answer (a process that died).
 * It remembers which process took the last live-channel WebSocket, so a test can kill that one.
 */
export async function startRoundRobinProxy(ports: readonly number[]) {
  let next = 0;
  let livePort: number | undefined;
  const sockets = new Set<net.Socket>();
  const connectUpstream = (client: net.Socket, tries: number) => {
    const port = ports[next++ % ports.length]!;
    const upstream = net.connect({ host: '127.0.0.1', port });
    let connected = false;
    upstream.on('error', () => {
      if (!connected && tries > 1) connectUpstream(client, tries - 1);
      else client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      sockets.add(upstream);
      upstream.once('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      client.once('data', (chunk: Buffer) => {
        if (chunk.toString('latin1').startsWith('GET /v1/live')) livePort = port;
      });
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.on('error', () => client.destroy());
    client.once('close', () => sockets.delete(client));
    connectUpstream(client, ports.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The port of the process holding the newest live-channel connection. */
    livePort: () => livePort,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
