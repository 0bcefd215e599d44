import net from 'node:net';

/**
 * A TCP proxy in front of a broker, to stage link faults: `hold` keeps the connections open but
 * forwards nothing (a network partition the client does not notice yet), `cut` closes them and
 * refuses new ones (a broker outage), `restore` ends either.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let mode: 'open' | 'held' | 'cut' = 'open';
  const server = net.createServer((client) => {
    if (mode === 'cut') return client.destroy();
    const upstream = net.connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (mode === 'open') to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    hold() {
      mode = 'held';
    },
    cut() {
      mode = 'cut';
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    restore() {
      mode = 'open';
    },
    close() {
      this.cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
