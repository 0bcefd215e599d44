import { deviceTopics } from '@ec/contract/device-link';
import { MAX_INPUT_PREVIEW_BYTES } from '@ec/contract/input-preview';
import { deviceSubscription, type LiveEvent } from '@ec/contract/live';
import { inputSignal } from '@ec/simulator/input-signals';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice, startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  createOrg,
  createTestAppWithOrg,
  createUser,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import { openLive as openLiveAt } from '../../../test/live-client.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';

let t: TestApp;
let baseUrl: string;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  // The owner holds DeviceManagement: no licence carries Input Preview yet, and device admins bypass it.
  ({ t, owner, orgGuid } = await createTestAppWithOrg({ ownerGroups: ['DeviceManagement'] }));
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const openLive = (hello: Record<string, unknown>) => openLiveAt(baseUrl, hello);
const isPreview = (event: LiveEvent): event is Extract<LiveEvent, { type: 'device.preview' }> =>
  event.type === 'device.preview';
const JPEG_START = 'ffd8';

describe('live input previews', () => {
  it("relays a simulated encoder's pictures to the device's followers only, storing none", async () => {
    // An Edgecaster whose one input has a source (about one in six has nothing plugged in).
    let [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    while (inputSignal(device!.serial_number, 0).connector === null)
      [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const guid = device!.device_guid;
    const simulated = await startSimulatedDevice(t, { device });
    const page = await openLive({
      access_token: owner.token,
      org_guid: orgGuid,
      subscriptions: [deviceSubscription(guid)],
    });
    const list = await openLive({ access_token: owner.token, org_guid: orgGuid });
    const stranger = await createUser(t);
    const otherOrg = await createOrg(t, stranger);
    const foreign = await openLive({
      access_token: stranger.token,
      org_guid: otherOrg,
      subscriptions: [deviceSubscription(guid)],
    });
    await Promise.all([page, list, foreign].map((live) => live.waitFor((e) => e.type === 'ready')));
    const eventsBefore = await t.db.select().from(deviceEvents).where(eq(deviceEvents.deviceGuid, guid));

    const sent = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${guid}/commands`,
      headers: owner.headers(orgGuid),
      payload: { command: 'send_input_preview', data: { duration: 3, sample_interval: 1 } },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const first = await page.waitFor(isPreview);
    if (!isPreview(first)) throw new Error('not a preview');
    expect(first.device_guid).toBe(guid);
    expect(Buffer.from(first.thumbnail, 'base64').subarray(0, 2).toString('hex')).toBe(JPEG_START);
    expect(first.audio_levels.every((level) => level.max_hold_5s >= level.max_hold_200ms)).toBe(true);
    // One a second for the 3 s asked for, then no more.
    await page.waitFor(() => page.events.filter(isPreview).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const received = page.events.filter(isPreview).length;
    expect(received).toBeLessThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(page.events.filter(isPreview)).toHaveLength(received);

    expect(list.events.filter(isPreview)).toEqual([]);
    expect(foreign.events.filter((e) => 'device_guid' in e)).toEqual([]);
    // Only the command's own record may be new: no picture is kept anywhere.
    const eventsAfter = await t.db.select().from(deviceEvents).where(eq(deviceEvents.deviceGuid, guid));
    const added = eventsAfter.filter((row) => !eventsBefore.some((e) => e.eventGuid === row.eventGuid));
    expect(JSON.stringify(added)).not.toContain(first.thumbnail.slice(0, 40));
    const pattern = `%${first.thumbnail.slice(0, 40)}%`;
    const stored = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM device_events WHERE event_data::text LIKE ${pattern}`,
    );
    expect(JSON.stringify(stored)).toContain('"n":0');

    await simulated.stop();
    for (const live of [page, list, foreign]) live.close();
  });

  it('drops a preview that does not parse or is too large, and the next good one still arrives', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const guid = device!.device_guid;
    const page = await openLive({
      access_token: owner.token,
      org_guid: orgGuid,
      subscriptions: [deviceSubscription(guid)],
    });
    await page.waitFor((e) => e.type === 'ready');
    const mqtt = await connectRawDevice(t, device!, { online: true });
    const topic = deviceTopics(guid).inputPreview;
    const thumbnail = Buffer.from([0xff, 0xd8, 0xff, 0xd9]).toString('base64');
    await mqtt.publishAsync(
      topic,
      JSON.stringify({ input_id: 1, thumbnail: 'not base64!', audio_levels: [] }),
    );
    await mqtt.publishAsync(
      topic,
      JSON.stringify({ input_id: 2, thumbnail: 'A'.repeat(MAX_INPUT_PREVIEW_BYTES), audio_levels: [] }),
    );
    await mqtt.publishAsync(
      topic,
      JSON.stringify({
        input_id: 3,
        thumbnail,
        audio_levels: [{ channel_num: 0, max_hold_200ms: 0.1, max_hold_5s: 0.2 }],
      }),
    );
    const arrived = await page.waitFor(isPreview);
    expect(arrived).toEqual({
      type: 'device.preview',
      device_guid: guid,
      input_id: 3,
      thumbnail,
      audio_levels: [{ channel_num: 0, max_hold_200ms: 0.1, max_hold_5s: 0.2 }],
    });
    expect(page.events.filter(isPreview)).toHaveLength(1);
    await mqtt.endAsync();
    page.close();
  });
});
