import { createHash } from 'node:crypto';
import type { ContainerManifest } from '@ec/contract/containers/manifest';
import type { ContainerAction } from '@ec/contract/device-docker';
import type { DockerLogsMessage } from '@ec/contract/docker-logs';
import {
  type ContainerStatus,
  isProtectedContainer,
  isProtectedImage,
} from '@ec/contract/shadow-documents/containers';

/**
 * The simulated encoder's Docker (spec 3 §3.7, §4.4, §6): images and containers with their statuses,
 * the system's protected containers and images, pulls that take a while and fail for a repository no
 * registry holds, and running containers that write coloured (ANSI) log lines.
 */

export interface EngineImage {
  id: string;
  tags: string[];
  created: string;
  size: number;
}

export interface EngineContainer {
  id: string;
  container_id: string;
  name: string;
  image: string;
  status: ContainerStatus;
  /** What Configure Container edits (the Containers shadow's config). */
  config?: Record<string, unknown>;
  manifest?: ContainerManifest;
  /** Where a directory install came from (spec 3 §3.7). */
  container_guid?: string | null;
  identifier?: string | null;
  companyName?: string | null;
  description?: string | null;
  licensable?: boolean;
}

/** What the engine's work answers: done with a message, or refused with the daemon's reason. */
export type EngineOutcome = { ok: true; message: string } | { ok: false; message: string };

const SYSTEM_CONTAINERS = [
  ['supervisor', 'supervisor'],
  ['fans', 'fans'],
  ['cloud', 'cloud'],
  ['api-app', 'api-app'],
  ['api-proxy', 'api-proxy'],
] as const;
const SYSTEM_IMAGES = ['menu', 'daemon', 'xml', 'api-app', 'cloud', 'api-proxy', 'fans', 'supervisor'];

/**
 * Repositories the simulated registries hold: Docker Hub's official images, Videon's own, the demo
 * directory's vendor (ghcr.io/acme-streaming) and the encoder's system images; an Amazon ECR
 * repository only with the provider's registry access. Any other repository does not exist.
 */
const KNOWN_REPOSITORY =
  /^(?:(?:docker\.io\/)?(?:library\/)?(?:nginx|alpine|busybox|redis|node|python|hello-world|httpd|ubuntu|debian)|(?:docker\.io\/)?videonlabs\/[a-z0-9._-]+|ghcr\.io\/acme-streaming\/[a-z0-9._-]+|edgecaster\/[a-z0-9._-]+)$/;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const ok = (message: string): EngineOutcome => ({ ok: true, message });
const refused = (message: string): EngineOutcome => ({ ok: false, message });

/** `repo:tag` into its repository (registry included) and tag. */
export function splitReference(reference: string) {
  const lastPart = reference.split('/').pop() ?? '';
  if (!lastPart.includes(':')) return { repository: reference, tag: 'latest' };
  const at = reference.lastIndexOf(':');
  return { repository: reference.slice(0, at), tag: reference.slice(at + 1) };
}

export function isKnownRepository(repository: string, providerRegistry: boolean) {
  if (/\.ecr\.|(^|\/)ecr[./-]/.test(repository)) return providerRegistry;
  return KNOWN_REPOSITORY.test(repository);
}

const ANSI = { reset: '\x1b[0m', green: '\x1b[32m', yellow: '\x1b[33m', cyan: '\x1b[36m', red: '\x1b[31m' };

/** A line as a container writes it: time, a coloured level and what it did. */
export function logLine(container: Pick<EngineContainer, 'name'>, sequence: number, at: Date): string {
  const time = `${ANSI.cyan}${at.toISOString()}${ANSI.reset}`;
  if (sequence % 7 === 6)
    return `${time} ${ANSI.yellow}WARN${ANSI.reset} ${container.name}: slow frame (${sequence})`;
  return `${time} ${ANSI.green}INFO${ANSI.reset} ${container.name}: served request #${sequence}`;
}

/** The latest `count` lines a container has written (a deterministic history ending now). */
function history(container: EngineContainer, count: number, lines: number, now: Date) {
  const first = Math.max(0, lines - count);
  return Array.from({ length: lines - first }, (_, index) => {
    const sequence = first + index;
    return logLine(container, sequence, new Date(now.getTime() - (lines - sequence) * 1000));
  });
}

export class DockerEngine {
  images: EngineImage[];
  containers: EngineContainer[];
  /** How many lines each container has written. */
  private readonly written = new Map<string, number>();

  constructor(private readonly seed: string) {
    const created = '2026-01-15T08:00:00.000Z';
    this.images = SYSTEM_IMAGES.map((name) => this.image(`edgecaster/${name}:stable-latest`, created));
    this.containers = SYSTEM_CONTAINERS.map(([name, image]) => ({
      ...this.containerIds(name),
      name,
      image: `edgecaster/${image}:stable-latest`,
      status: 'running' as const,
    }));
  }

  private image(reference: string, created: string): EngineImage {
    const hash = digest(`${this.seed}/${reference}`);
    return {
      id: `sha256:${hash}`,
      tags: [reference],
      created,
      size: 20e6 + (parseInt(hash.slice(0, 6), 16) % 200e6),
    };
  }

  private containerIds(name: string) {
    const hash = digest(`${this.seed}/container/${name}/${Date.now()}`);
    return { id: hash.slice(0, 12), container_id: hash };
  }

  /** The Containers document's Docker part (spec 3 §3.7). */
  document() {
    return {
      containers: this.containers.map((container) => ({ ...container })),
      images: this.images.map((image) => ({ ...image, tags: [...image.tags] })),
    };
  }

  find(id: string) {
    return this.containers.find((container) => container.id === id || container.container_id === id);
  }

  /** Adds the pulled image (replacing the tag on an older one); the caller has judged the repository. */
  addImage(reference: string): EngineImage {
    for (const image of this.images) image.tags = image.tags.filter((tag) => tag !== reference);
    this.images = this.images.filter((image) => image.tags.length > 0);
    const image = this.image(reference, new Date().toISOString());
    this.images.push(image);
    return image;
  }

  deleteImage(imageId: string): EngineOutcome {
    const image = this.images.find((entry) => entry.id === imageId);
    if (!image) return refused(`No such image: ${imageId}`);
    if (isProtectedImage(image)) return refused('This is a system image: it cannot be deleted.');
    const user = this.containers.find((container) => image.tags.includes(container.image));
    if (user) return refused(`The image is used by container ${user.name}`);
    this.images = this.images.filter((entry) => entry !== image);
    return ok(`Deleted image ${image.tags[0] ?? image.id}`);
  }

  create(
    request: { name: string; image_id: string } & ContainerManifest,
    install?: Partial<EngineContainer>,
  ): EngineOutcome {
    if (this.containers.some((container) => container.name === request.name))
      return refused(`The container name "${request.name}" is already in use`);
    const image = this.images.find(
      (entry) => entry.id === request.image_id || entry.tags.includes(request.image_id),
    );
    if (!image) return refused(`No such image: ${request.image_id}`);
    const { name, image_id: _imageId, ...manifest } = request;
    this.containers.push({
      ...this.containerIds(name),
      name,
      image: image.tags[0] ?? image.id,
      status: 'created',
      manifest,
      ...install,
    });
    return ok(`Created container ${name}`);
  }

  remove(id: string): EngineOutcome {
    const container = this.find(id);
    if (!container) return refused(`No such container: ${id}`);
    if (isProtectedContainer(container)) return refused('This is a system container: it cannot be changed.');
    if (container.status !== 'created' && container.status !== 'exited')
      return refused(
        `You cannot remove a ${container.status} container ${container.name}. Stop the container first`,
      );
    this.containers = this.containers.filter((entry) => entry !== container);
    return ok(`Removed container ${container.name}`);
  }

  /** Spec 3 §4.4: each action from the statuses that allow it, as Docker's daemon answers. */
  act(id: string, action: ContainerAction): EngineOutcome {
    const container = this.find(id);
    if (!container) return refused(`No such container: ${id}`);
    if (isProtectedContainer(container)) return refused('This is a system container: it cannot be changed.');
    const { status } = container;
    const running = status === 'running' || status === 'restarting';
    const to = (next: ContainerStatus, message: string) => {
      container.status = next;
      return ok(message);
    };
    switch (action) {
      case 'start':
        if (status === 'paused') return refused(`Container ${container.name} is paused, unpause it instead`);
        return running
          ? ok(`Container ${container.name} is already running`)
          : to('running', `Started ${container.name}`);
      case 'stop':
        return running || status === 'paused'
          ? to('exited', `Stopped ${container.name}`)
          : ok(`Container ${container.name} is not running`);
      case 'kill':
        return running
          ? to('exited', `Killed ${container.name}`)
          : refused(`Container ${container.name} is not running`);
      case 'pause':
        return status === 'running'
          ? to('paused', `Paused ${container.name}`)
          : refused(`Container ${container.name} is not running`);
      case 'unpause':
        return status === 'paused'
          ? to('running', `Resumed ${container.name}`)
          : refused(`Container ${container.name} is not paused`);
      case 'restart':
        return status === 'paused'
          ? refused(`Container ${container.name} is paused, unpause it instead`)
          : to('running', `Restarted ${container.name}`);
    }
  }

  /** Configure Container: a running container restarts with its new configuration. */
  configure(id: string, config: Record<string, unknown>) {
    const container = this.find(id);
    if (container) container.config = config;
  }

  /** The lines of one log message: the latest `count` now, then what a running container writes. */
  logs(container: EngineContainer, count: number, now = new Date()): string[] {
    const lines = this.writtenBy(container);
    return history(container, count, lines, now);
  }

  /** The next line a running container writes, if it runs. */
  nextLine(container: EngineContainer, now = new Date()): string | null {
    if (container.status !== 'running') return null;
    const sequence = this.writtenBy(container);
    this.written.set(container.container_id, sequence + 1);
    return logLine(container, sequence, now);
  }

  private writtenBy(container: EngineContainer) {
    const known = this.written.get(container.container_id);
    if (known !== undefined) return known;
    // A container that ran before the simulator started has written a few lines already.
    const initial = container.status === 'created' ? 0 : 40;
    this.written.set(container.container_id, initial);
    return initial;
  }
}

/**
 * One `send_docker_logs` session: the latest lines at once, then a message each second with what the
 * container wrote, for `duration` seconds; a new request for the session restarts its window.
 */
export class DockerLogSessions {
  private readonly sessions = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly deps: {
      engine: () => DockerEngine;
      publish: (message: DockerLogsMessage) => void;
      tickMs?: number;
    },
  ) {}

  start(request: {
    session_id: string;
    container_id: string;
    duration: number;
    lines: number;
  }): EngineOutcome {
    const engine = this.deps.engine();
    const container = engine.find(request.container_id);
    if (!container) return refused(`No such container: ${request.container_id}`);
    const fresh = !this.sessions.has(request.session_id);
    this.stopSession(request.session_id);
    const send = (lines: string[]) =>
      lines.length &&
      this.deps.publish({ session_id: request.session_id, container_id: request.container_id, lines });
    if (fresh) send(engine.logs(container, request.lines));
    const tickMs = this.deps.tickMs ?? 1000;
    const endsAt = Date.now() + request.duration * 1000;
    const timer = setInterval(() => {
      if (Date.now() >= endsAt) return this.stopSession(request.session_id);
      const current = engine.find(request.container_id);
      const line = current && engine.nextLine(current);
      if (line) send([line]);
    }, tickMs);
    this.sessions.set(request.session_id, timer);
    return ok(`Sending logs of ${container.name} for ${request.duration} s`);
  }

  private stopSession(sessionId: string) {
    clearInterval(this.sessions.get(sessionId));
    this.sessions.delete(sessionId);
  }

  stop() {
    for (const sessionId of [...this.sessions.keys()]) this.stopSession(sessionId);
  }
}
