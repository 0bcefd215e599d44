import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithOrg, provisionInto } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import type { DeviceDomainEvent } from '../../shared/device-event-bus.ts';
import { shadowsRepository } from './shadows.repository.ts';

let t: TestApp;
let orgGuid: string;

beforeAll(async () => {
  ({ t, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

describe('the shadow service', () => {
  it('stores and tells each reported version once, however many times it arrives', async () => {
    const [device] = await provisionInto(t, orgGuid);
    const deviceGuid = device!.device_guid;
    const heard: DeviceDomainEvent[] = [];
    const stop = t.bus.on('shadow.reported', (event) => {
      if (event.deviceGuid === deviceGuid) heard.push(event);
    });
    const report = (version: number, name: string, authoritative: boolean) =>
      t.shadows.recordReported({
        deviceGuid,
        shadowName: 'System',
        state: { name },
        version,
        authoritative,
      });
    const stored = async () => {
      const [row] = await shadowsRepository(t.db).list(deviceGuid, ['System']);
      return { version: row?.reportedVersion, state: row?.reportedState, at: row?.reportedAt?.getTime() };
    };

    await report(1, 'Studio A', true);
    const first = await stored();
    // The same document again: in a set's answer, and announced again after a reconnection.
    await report(1, 'Studio A', false);
    await report(1, 'Studio A', true);
    expect(await stored()).toEqual(first);
    expect(heard.map((event) => event.type === 'shadow.reported' && event.version)).toEqual([1]);

    await report(2, 'Studio B', true);
    stop();
    expect(await stored()).toMatchObject({ version: 2, state: { name: 'Studio B' } });
    expect(heard.map((event) => event.type === 'shadow.reported' && event.version)).toEqual([1, 2]);
  });
});
