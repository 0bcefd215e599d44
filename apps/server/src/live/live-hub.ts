import type { LiveEvent } from '@ec/contract/live';

export interface LiveSocket {
  send(data: string): void;
}

/** The browsers connected to this server process, by organization. */
export class LiveHub {
  private readonly byOrg = new Map<string, Set<LiveSocket>>();

  join(orgGuid: string, socket: LiveSocket): () => void {
    const sockets = this.byOrg.get(orgGuid) ?? new Set();
    sockets.add(socket);
    this.byOrg.set(orgGuid, sockets);
    return () => {
      sockets.delete(socket);
      if (sockets.size === 0) this.byOrg.delete(orgGuid);
    };
  }

  broadcast(orgGuid: string, event: LiveEvent) {
    const sockets = this.byOrg.get(orgGuid);
    if (!sockets) return;
    const data = JSON.stringify(event);
    for (const socket of sockets) socket.send(data);
  }

  get size() {
    let total = 0;
    for (const sockets of this.byOrg.values()) total += sockets.size;
    return total;
  }
}
