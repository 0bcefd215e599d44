import net from 'node:net';
import { deviceTopics } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { FleetMember } from '@ec/simulator/fleet';
import mqttPacket, { type Packet } from 'mqtt-packet';

/** What a device publishes once connected (SimulatedDevice.announcement), in order, each with QoS 1. */
export type Announcement = ReadonlyArray<{ topic: string; payload: string; retain: boolean }>;

/** As the simulator's encoders (mqtt.js and its options in simulated-device.ts). */
const KEEPALIVE_SECONDS = 60;
const CONNECT_TIMEOUT_MS = 20_000;
const RECONNECT_MS = 2000;

/**
 * A device for the storm's load, on a socket and mqtt-packet alone: it logs in with its own
 * credentials and last will as the simulator's encoder does (persistent session), subscribes to its
 * command topics, publishes the announcement the simulator built for it one message at a time (each
 * after the broker acknowledged the one before), again after each reconnection, acknowledges what
 * the broker sends it and answers nothing. The broker and the console see the same packets as from the simulator's encoder; the
 * machine running the bench spends a fraction of mqtt.js's CPU on them (decision 252).
 */
export class LeanDevice implements FleetMember {
  private socket: net.Socket | undefined;
  private nextMessageId = 1;
  private readonly acks = new Map<number, () => void>();
  private readonly topics: ReturnType<typeof deviceTopics>;
  private keepalive: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopping = false;
  private announced: (() => void) | undefined;
  private refused: ((error: Error) => void) | undefined;

  constructor(
    private readonly device: ProvisionedDevice,
    private readonly mqttUrl: string,
    private readonly announcement: Announcement,
  ) {
    this.topics = deviceTopics(device.device_guid);
  }

  /** Connects and announces; settles once the first announcement is acknowledged. */
  start() {
    return new Promise<void>((resolve, reject) => {
      this.announced = resolve;
      this.refused = reject;
      this.connect();
    });
  }

  /** Says it goes offline, then disconnects (the broker drops the last will), as the simulator does. */
  async stop() {
    this.stopping = true;
    clearTimeout(this.reconnect);
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    clearInterval(this.keepalive);
    await this.publish({
      topic: this.topics.connection,
      payload: JSON.stringify({ online: false }),
      retain: true,
    });
    this.send({ cmd: 'disconnect' });
    await new Promise<void>((resolve) => socket.end(resolve));
  }

  /**
   * One connection: logs in, subscribes and announces. A connection lost or not answered within
   * CONNECT_TIMEOUT_MS is tried again RECONNECT_MS later and announces again, as mqtt.js does for the
   * simulator's encoders; a refused login ends the device.
   */
  private connect() {
    const url = new URL(this.mqttUrl);
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 1883), noDelay: true });
    this.socket = socket;
    this.acks.clear();
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const unanswered = setTimeout(() => socket.destroy(), CONNECT_TIMEOUT_MS);
    parser.on('packet', (packet: Packet) => {
      if (packet.cmd === 'connack') {
        clearTimeout(unanswered);
        if (packet.returnCode) {
          this.stopping = true;
          socket.destroy();
          this.refused?.(
            new Error(`${this.device.device_guid}: the broker refused the login (${packet.returnCode})`),
          );
        } else void this.announce();
      } else if (packet.cmd === 'puback' || packet.cmd === 'suback') this.acked(packet.messageId);
      else if (packet.cmd === 'publish' && packet.qos === 1)
        this.send({ cmd: 'puback', messageId: packet.messageId });
    });
    socket.on('data', (chunk: Buffer) => parser.parse(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(unanswered);
      clearInterval(this.keepalive);
      // What waited for an acknowledgement goes on, and sees the connection gone.
      if (this.socket === socket) this.socket = undefined;
      for (const acknowledged of this.acks.values()) acknowledged();
      this.acks.clear();
      if (!this.stopping) this.reconnect = setTimeout(() => this.connect(), RECONNECT_MS);
    });
    this.send({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clientId: this.device.device_guid,
      username: this.device.mqtt_username,
      password: Buffer.from(this.device.mqtt_password),
      clean: false,
      keepalive: KEEPALIVE_SECONDS,
      will: {
        topic: this.topics.connection,
        payload: Buffer.from(JSON.stringify({ online: false })),
        qos: 1,
        retain: true,
      },
    });
  }

  private async announce() {
    const socket = this.socket;
    this.keepalive = setInterval(() => this.send({ cmd: 'pingreq' }), (KEEPALIVE_SECONDS * 1000) / 2);
    await this.subscribe();
    for (const message of this.announcement) {
      // A connection lost meanwhile leaves this announcement unfinished: the next one starts over.
      if (socket !== this.socket) return;
      await this.publish(message);
    }
    if (socket === this.socket) this.announced?.();
  }

  private subscribe() {
    const messageId = this.messageId();
    const topics = [this.topics.shadowCommand, this.topics.deviceCommand, this.topics.entitlements];
    this.send({
      cmd: 'subscribe',
      messageId,
      subscriptions: topics.map((topic) => ({ topic, qos: 1 as const })),
    });
    return this.ackOf(messageId);
  }

  private publish({ topic, payload, retain }: Announcement[number]) {
    const messageId = this.messageId();
    this.send({ cmd: 'publish', messageId, topic, payload, qos: 1, retain, dup: false });
    return this.ackOf(messageId);
  }

  private messageId() {
    const id = this.nextMessageId;
    this.nextMessageId = (id % 65535) + 1;
    return id;
  }

  private ackOf(messageId: number) {
    return new Promise<void>((resolve) => this.acks.set(messageId, resolve));
  }

  private acked(messageId: number | undefined) {
    if (messageId === undefined) return;
    this.acks.get(messageId)?.();
    this.acks.delete(messageId);
  }

  private send(packet: Packet) {
    this.socket?.write(mqttPacket.generate(packet));
  }
}
