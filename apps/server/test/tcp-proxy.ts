import net from 'node:net';

/**
 * A TCP proxy in front of a broker, to stage link faults: `hold` keeps the connections open but
 * forwards nothing until `restore` (a network partition the client does not notice yet: TCP delivers
 * what was held late, in order, never a part of it), `cut` closes them and refuses new ones (a broker
 * outage), `restore` ends either.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  /** What each socket was sent while held, written on `restore`. */
  const heldWrites = new Map<net.Socket, Array<string | Buffer>>();
  let mode: 'open' | 'held' | 'cut' = 'open';
  const server = net.createServer((client) => {
    if (mode === 'cut') return client.destroy();
    const upstream = net.connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (mode === 'open') to.write(chunk);
        // Dropping a chunk would cut a packet of the stream in two (another app's traffic on a
        // shared broker), leaving the client parsing garbage on a connection it thinks is up.
        else if (mode === 'held') heldWrites.set(to, [...(heldWrites.get(to) ?? []), chunk]);
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
      heldWrites.clear();
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    restore() {
      mode = 'open';
      for (const [to, chunks] of heldWrites) for (const chunk of chunks) to.write(chunk);
      heldWrites.clear();
    },
    close() {
      this.cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
