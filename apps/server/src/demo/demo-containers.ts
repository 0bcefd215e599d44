import {
  type CreateDirectoryEntryBody,
  createDirectoryEntryBodySchema,
} from '@ec/contract/containers/directory';
import type { FastifyInstance } from 'fastify';

/** The demo directory's entries by name: fixed guids, so a demo licence can name the licensable one. */
export const DEMO_CONTAINER_GUIDS = {
  html5Player: '5c1d7a52-3f0e-4b8a-9d61-2a4f0c9e7b10',
  srtGateway: '8e2b4f61-0a7d-4c3e-b5f2-6d9a1c3e8f20',
  recorder: '1a9e3c75-6b2d-4f8e-a0c4-7e5b2d9f1c30',
  captions: 'c4f8a216-9d3b-4e7a-8c1f-3b6e0a5d2f40',
} as const;

const ACME = {
  name: 'Acme Streaming Labs',
  url: 'https://acme-streaming.example',
  description: 'Tools for contribution and monitoring at the edge.',
};

const ENTRIES: { guid: string; body: CreateDirectoryEntryBody }[] = [
  {
    guid: DEMO_CONTAINER_GUIDS.html5Player,
    body: {
      identifier: 'html5-player',
      name: 'HTML5 Player',
      image_url: 'ghcr.io/acme-streaming/html5-player:2.1.0',
      description: 'Plays the encoder’s HLS output in any browser on the local network.',
      company: ACME,
      requirements: 'An HLS output on the encoder.',
      manifest: {
        restart_policy: { name: 'always', MaximumRetryCount: 0 },
        ports: [{ host_port: 8080, container_port: 80, protocol: 'tcp' }],
        network_mode: 'bridge',
      },
      published: true,
    },
  },
  {
    guid: DEMO_CONTAINER_GUIDS.srtGateway,
    body: {
      identifier: 'srt-gateway',
      name: 'SRT Gateway',
      image_url: 'ghcr.io/acme-streaming/srt-gateway:1.4.2',
      description: 'Relays the encoder’s SRT stream to up to eight listeners, with encryption.',
      company: ACME,
      requirements: 'An SRT output; a licence for this container.',
      manifest: {
        restart_policy: { name: 'on-failure', MaximumRetryCount: 5 },
        ports: [{ host_port: 9000, container_port: 9000, protocol: 'udp' }],
        environment: [{ key: 'SRT_LATENCY_MS', value: '120' }],
      },
      published: true,
      licensable: true,
    },
  },
  {
    guid: DEMO_CONTAINER_GUIDS.recorder,
    body: {
      identifier: 'stream-recorder',
      name: 'Stream Recorder',
      image_url: 'ghcr.io/acme-streaming/stream-recorder:3.0.1',
      description: 'Records the program output to the Max’s internal drive in one-hour files.',
      company: ACME,
      requirements: 'Edgecaster Max with internal storage.',
      manifest: {
        volumes: [{ host_path: '/data/recordings', container_path: '/recordings', mode: 'rw' }],
      },
      platforms: ['edgecaster_max'],
      published: true,
    },
  },
  {
    guid: DEMO_CONTAINER_GUIDS.captions,
    body: {
      identifier: 'caption-bridge',
      name: 'Caption Bridge (beta)',
      image_url: 'ghcr.io/acme-streaming/caption-bridge:0.9.0-beta',
      description: 'Sends live captions from a caption service into the encoder. Not published yet.',
      company: ACME,
      manifest: { devices: [{ host_path: '/dev/ttyUSB0', container_path: '/dev/ttyUSB0', mode: 'rwm' }] },
    },
  },
];

/** A few realistic directory entries, so the demo's Containers tab has something to install. */
export async function seedDemoContainers(
  app: FastifyInstance,
  admin: { userGuid: string; email: string; groups: readonly string[] },
) {
  for (const { guid, body } of ENTRIES)
    await app.services.containerDirectory.create(
      admin,
      createDirectoryEntryBodySchema.parse(body),
      { userGuid: admin.userGuid, email: admin.email },
      guid,
    );
}
