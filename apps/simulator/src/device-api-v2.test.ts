import type { ProvisionedDevice } from '@ec/contract/devices';
import type { ShadowName } from '@ec/contract/shadows';
import { describe, expect, it } from 'vitest';
import { deviceApiV2 } from './device-api-v2.ts';
import { initialShadows, type ShadowState } from './initial-shadows.ts';

const device: ProvisionedDevice = {
  device_guid: '00000000-0000-4000-8000-000000000001',
  serial_number: '1000-0000',
  product_name: 'edgecaster_max',
  mac_address: '02:00:00:00:00:01',
  partner_id: null,
  mqtt_username: 'device',
  mqtt_password: 'secret',
};

function api(documents: Record<ShadowName, ShadowState> = initialShadows(device, '192.168.1.2')) {
  return deviceApiV2((name) => documents[name]);
}

describe("the simulated encoder's local API v2", () => {
  it('answers the system from the System document', () => {
    expect(api()({ method: 'GET', path: '/v2/system' })).toEqual({
      status_code: 200,
      body: {
        system: expect.objectContaining({
          device_name: 'Edgecaster Max 1000-0000',
          mac_address: '02:00:00:00:00:01',
          ip_address: '192.168.1.2',
        }),
      },
    });
  });

  it('lists the input channels, the encoders and the output streams under their API ids', () => {
    const call = api();
    const channels = call({ method: 'GET', path: '/v2/in_channels' }).body as { in_channels: object[] };
    expect(channels.in_channels).toHaveLength(2);
    expect(channels.in_channels[0]).toMatchObject({ in_channel_id: 1, name: 'Input 1', hw_channel: 0 });
    expect(call({ method: 'GET', path: '/v2/encoders/video_encoders' }).body).toEqual({
      video_encoders: [expect.objectContaining({ video_encoder_id: 1, selected_codec: 'H264' })],
    });
    expect(call({ method: 'GET', path: '/v2/encoders/audio_encoders' }).body).toEqual({
      audio_encoders: [expect.objectContaining({ audio_encoder_id: 2, codec: 'mpeg4_aac' })],
    });
    expect(call({ method: 'GET', path: '/v2/encoders' }).body).toEqual({
      video_encoders: [expect.objectContaining({ video_encoder_id: 1 })],
      audio_encoders: [expect.objectContaining({ audio_encoder_id: 2 })],
    });
    const streams = call({ method: 'GET', path: '/v2/out_streams?verbose=1' }).body as {
      out_streams: { out_stream_id: number; type: string; status: unknown }[];
    };
    expect(streams.out_streams.map((stream) => stream.type)).toContain('thumbnail');
    expect(streams.out_streams.every((stream) => stream.status)).toBe(true);
  });

  it('reads the documents at the moment of the call', () => {
    const documents = initialShadows(device, '192.168.1.2');
    const call = api(documents);
    documents.System = { config: { device_name: 'Renamed' }, status: {} };
    expect(call({ method: 'GET', path: '/v2/system/' }).body).toEqual({ system: { device_name: 'Renamed' } });
  });

  it('answers 404 for a path it does not serve and 405 for a method it does not take', () => {
    expect(api()({ method: 'GET', path: '/v2/nothing' })).toEqual({
      status_code: 404,
      body: { message: 'No resource at /v2/nothing' },
    });
    expect(api()({ method: 'DELETE', path: '/v2/out_streams' })).toEqual({
      status_code: 405,
      body: { message: 'DELETE is not allowed on /v2/out_streams' },
    });
  });
});
