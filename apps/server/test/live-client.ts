import type { LiveEvent } from '@ec/contract/live';
import WebSocket from 'ws';

/** Opens the live channel of a listening server, says hello, and collects what it receives. */
export async function openLive(httpUrl: string, hello: Record<string, unknown>) {
  const socket = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/v1/live`);
  const events: LiveEvent[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => events.push(JSON.parse(data.toString())));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'hello', ...hello }));
  const waitFor = async (match: (event: LiveEvent) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no matching live event; got ${JSON.stringify(events)}`);
  };
  return { socket, events, closed, waitFor, close: () => socket.close() };
}
