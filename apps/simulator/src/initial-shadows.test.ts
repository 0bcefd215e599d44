import type { ProvisionedDevice } from '@ec/contract/devices';
import { BASE_PROFILES } from '@ec/contract/entitlements/base-profiles';
import { mergeEntitlements } from '@ec/contract/entitlements/merge-entitlements';
import { DEVICE_PRODUCTS } from '@ec/contract/products';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import { parseShadowState, shadowRegistry, validateShadowSet } from '@ec/contract/shadow-registry';
import { SHADOW_NAMES } from '@ec/contract/shadows';
import { describe, expect, it } from 'vitest';
import { initialShadows } from './initial-shadows.ts';
import { inputSignal } from './input-signals.ts';

/** Serials 1000-0000 to 1000-0007 cover every output profile of the demo fleet. */
const devices = DEVICE_PRODUCTS.flatMap((product) =>
  Array.from(
    { length: 8 },
    (_, index): ProvisionedDevice => ({
      device_guid: `00000000-0000-4000-8000-00000000000${index}`,
      serial_number: `1000-000${index}`,
      product_name: product,
      mac_address: '02:00:00:00:00:01',
      partner_id: null,
      mqtt_username: 'device',
      mqtt_password: 'secret',
    }),
  ),
);

describe('the documents a simulated encoder boots with', () => {
  it.each(devices.map((device) => [device.product_name, device.serial_number, device] as const))(
    '%s %s: every document passes the registry',
    (product, _serial, device) => {
      const documents = initialShadows(device, '192.168.1.2');
      const context = {
        product,
        entitlements: mergeEntitlements(BASE_PROFILES[product], [], new Date()),
        documents,
      };
      for (const name of SHADOW_NAMES) {
        const parsed = parseShadowState(name, documents[name]);
        expect(parsed.error?.issues ?? [], name).toEqual([]);
      }
      // Sent back unchanged, as the console saves them, each set passes the rules too.
      const { System, Containers, ...lists } = documents;
      expect(validateShadowSet('System', { config: System.config }, context)).toEqual([]);
      // Its containers are all the system's own: protected from any configuration (spec 3 §6).
      const configs = (Containers.containers as { id: string }[]).map(({ id }) => ({ id, config: {} }));
      const licensed = { ...context, entitlements: { 'services.docker.enabled': true } };
      expect(
        validateShadowSet('Containers', { containers: configs }, licensed).map((issue) => issue.message),
      ).toEqual(configs.map(() => 'This is a system container: it cannot be changed.'));
      for (const [name, state] of Object.entries(lists))
        expect(validateShadowSet(name as keyof typeof lists, state, context), name).toEqual([]);
    },
  );

  it('gives edgecaster_max an input per hardware channel, and the fleet every output status', () => {
    const [max] = devices.filter((device) => device.product_name === 'edgecaster_max');
    const inputs = initialShadows(max!, '192.168.1.2').Inputs.inputs as { hw_channel: number }[];
    expect(inputs.map((input) => input.hw_channel)).toEqual([0, 1]);
    const texts = new Set(
      devices.flatMap((device) =>
        (initialShadows(device, '192.168.1.2').Outputs.outputs as Record<string, unknown>[]).map(
          (output) => shadowRegistry.Outputs.entryStatus(output).text,
        ),
      ),
    );
    expect([...texts].sort()).toEqual([
      'Can not connect to URL',
      'No input signal',
      'Not Enabled',
      'Running',
      'Streaming',
    ]);
  });

  it('reports each input by what is plugged into it: FORMAT_UNDEFINED where nothing is', () => {
    const inputs = devices.flatMap(
      (device) => initialShadows(device, '192.168.1.2').Inputs.inputs as Record<string, unknown>[],
    );
    const formats = new Set(inputs.map((input) => input.video_input_format));
    expect(formats).toContain(FORMAT_UNDEFINED);
    expect(formats.size).toBeGreaterThan(2);
    for (const device of devices)
      for (const input of initialShadows(device, '192.168.1.2').Inputs.inputs as Record<string, unknown>[])
        expect(input.video_input_format).toBe(
          inputSignal(device.serial_number, input.hw_channel as number).format,
        );
  });
});
