import type { RestDirectMethod, RestResponse } from '@ec/contract/rest-direct';
import type { ShadowName } from '@ec/contract/shadows';
import type { ShadowState } from './initial-shadows.ts';

/** The port of the encoder's local API v2. */
export const DEVICE_API_V2_PORT = 2020;

/** An HTTP call on one of the device's local ports, routed in-process: no socket is opened. */
export interface LocalHttpCall {
  method: RestDirectMethod;
  /** The path with its query, as in the rest_endpoint: "/v2/system?verbose=1". */
  path: string;
  body?: unknown;
}

/** What listens on a local port of the device. */
export type LocalService = (call: LocalHttpCall) => RestResponse;

type Entry = Record<string, unknown>;

const listOf = (document: ShadowState, key: string) =>
  Array.isArray(document[key]) ? (document[key] as Entry[]) : [];

/** A shadow entry as the local API shows it: its id under the API's name, its config flattened in. */
function resource(entry: Entry, idKey: string): Entry {
  const { id, config, ...rest } = entry;
  return { [idKey]: id, ...rest, ...(config as Entry | undefined) };
}

/**
 * The encoder's local API v2 (GET only, as far as the simulator goes), answered from the documents the
 * device reports at the moment of the call: the cloud's rest_direct commands read what the shadows say.
 */
export function deviceApiV2(document: (name: ShadowName) => ShadowState): LocalService {
  const encoders = (type: 'video' | 'audio') =>
    listOf(document('Encoders'), 'encoders')
      .filter((encoder) => encoder.type === type)
      .map((encoder) => resource(encoder, `${type}_encoder_id`));

  const routes: Record<string, () => unknown> = {
    '/v2/system': () => {
      const { config, status } = document('System') as { config?: Entry; status?: Entry };
      return { system: { ...config, ...status } };
    },
    '/v2/in_channels': () => ({
      in_channels: listOf(document('Inputs'), 'inputs').map((input) => resource(input, 'in_channel_id')),
    }),
    '/v2/encoders': () => ({ video_encoders: encoders('video'), audio_encoders: encoders('audio') }),
    '/v2/encoders/video_encoders': () => ({ video_encoders: encoders('video') }),
    '/v2/encoders/audio_encoders': () => ({ audio_encoders: encoders('audio') }),
    '/v2/out_streams': () => ({
      out_streams: listOf(document('Outputs'), 'outputs').map((output) => resource(output, 'out_stream_id')),
    }),
  };

  return ({ method, path }) => {
    const pathname = (path.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    const route = routes[pathname];
    if (!route) return { status_code: 404, body: { message: `No resource at ${pathname}` } };
    if (method !== 'GET')
      return { status_code: 405, body: { message: `${method} is not allowed on ${pathname}` } };
    return { status_code: 200, body: route() };
  };
}
