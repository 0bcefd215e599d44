import net from 'node:net';

/**
 * One address in front of several console processes, as a load balancer: each new connection goes to
 * the next process in turn, and to the one after when that one does not answer (a process that died).
 */
export async function startRoundRobinProxy(ports: readonly number[]) {
  let next = 0;
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
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
