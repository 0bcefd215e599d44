import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { setInFlightUpdate } from '../../features/device-updates/logic/in-flight-updates';
import { deviceQueryOptions } from '../../lib/devices/get-device';
import { deviceStateQueryOptions } from '../../lib/devices/get-device-state';
import { makeDevice, makeDeviceEntitlements, makeDeviceState } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { createTestQueryClient } from '../../testing/render';
import { useConfigurationEditable } from './use-configuration-editable';

const DEVICE = '00000000-0000-4000-8000-000000000001';
const editor = { control: true, edit: true, admin: false };

const entitlements = (configTab: boolean) => makeDeviceEntitlements(DEVICE, configTab);

function render(rights = editor, client = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useConfigurationEditable(DEVICE, rights), { wrapper });
}

describe('useConfigurationEditable (spec 3 §6)', () => {
  it('lets an editor change a device licensed for its configuration, once that is known', async () => {
    mockApi({ [`GET /entitlements/devices/${DEVICE}`]: { body: entitlements(true) } });
    const { result } = render();
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('keeps the forms read-only without the feature, except for a device admin', async () => {
    mockApi({ [`GET /entitlements/devices/${DEVICE}`]: { body: entitlements(false) } });
    const editorView = render();
    const adminView = render({ control: false, edit: false, admin: true });
    await waitFor(() => expect(adminView.result.current).toBe(true));
    expect(editorView.result.current).toBe(false);
  });

  it('keeps them read-only for someone who may not edit the device', async () => {
    mockApi({ [`GET /entitlements/devices/${DEVICE}`]: { body: entitlements(true) } });
    const { result } = render({ control: true, edit: false, admin: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
  });

  it('keeps them read-only while the device is updating (a pending update)', async () => {
    mockApi({ [`GET /entitlements/devices/${DEVICE}`]: { body: entitlements(true) } });
    act(() => setInFlightUpdate(DEVICE, 'test', 'download_update'));
    const { result } = render();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    act(() => setInFlightUpdate(DEVICE, 'test', null));
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('keeps an Edgecaster Max read-only while its system update downloads', async () => {
    mockApi({ [`GET /entitlements/devices/${DEVICE}`]: { body: entitlements(true) } });
    const client = createTestQueryClient();
    const device = makeDevice({ device_guid: DEVICE, product_name: 'edgecaster_max' });
    client.setQueryData(deviceQueryOptions(null, DEVICE).queryKey, { device, rights: editor });
    const downloading = { module: 'system', status: 'downloading update', progress_percent: 40 };
    client.setQueryData(
      deviceStateQueryOptions(null, DEVICE).queryKey,
      makeDeviceState({ update_state: [downloading] }),
    );
    const { result } = render(editor, client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    act(() =>
      client.setQueryData(
        deviceStateQueryOptions(null, DEVICE).queryKey,
        makeDeviceState({ update_state: [] }),
      ),
    );
    await waitFor(() => expect(result.current).toBe(true));
  });
});
