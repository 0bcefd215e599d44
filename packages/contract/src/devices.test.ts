import { describe, expect, it } from 'vitest';
import { DEVICE_LOOKUP_MAX, listDevicesQuerySchema } from './devices.ts';

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the device list query', () => {
  it('names devices as a comma list or a repeated parameter', () => {
    expect(listDevicesQuerySchema.parse({ device_guids: `${guid(1)},${guid(2)}` }).device_guids).toEqual([
      guid(1),
      guid(2),
    ]);
    expect(listDevicesQuerySchema.parse({ device_guids: [guid(3)] }).device_guids).toEqual([guid(3)]);
    expect(listDevicesQuerySchema.parse({}).device_guids).toBeUndefined();
  });

  it(`names at most ${DEVICE_LOOKUP_MAX} devices, each by its guid`, () => {
    const many = Array.from({ length: DEVICE_LOOKUP_MAX + 1 }, (_, i) => guid(i)).join(',');
    expect(listDevicesQuerySchema.safeParse({ device_guids: many }).error?.issues[0]?.message).toBe(
      `At most ${DEVICE_LOOKUP_MAX} devices can be named at once`,
    );
    expect(listDevicesQuerySchema.safeParse({ device_guids: 'not-a-guid' }).success).toBe(false);
  });
});
