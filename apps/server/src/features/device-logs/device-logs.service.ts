import { deviceLogsBundlePath } from '@ec/contract/device-commands';
import type { Db } from '../../db/database.ts';
import { deviceCommandsReads } from '../../device-core/device-commands/device-commands.reads.ts';
import { devicesReads } from '../../device-core/devices/devices.reads.ts';
import type { FileStore } from '../../files/file-store.ts';
import { digest, digestsEqual } from '../../shared/secrets.ts';

const bundleKey = (deviceGuid: string) => `device-logs/${deviceGuid}/latest.tar.gz`;

/** Reads `Authorization: Basic base64(device_guid:secret)`; undefined when it is not one. */
function basicCredentials(authorization: string | undefined) {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Log bundles devices upload (spec 2 §4.8): the latest per device, in the file store. */
export function deviceLogsService(deps: { db: Db; files: FileStore }) {
  const commands = deviceCommandsReads(deps.db);
  const devices = devicesReads(deps.db);

  return {
    /**
     * Stores a bundle the device uploads for its own open upload_logs command, authenticated with its
     * link credentials. Answers false when the credentials or the command do not match.
     */
    async acceptUpload(commandGuid: string, authorization: string | undefined, bundle: Buffer) {
      const credentials = basicCredentials(authorization);
      if (!credentials || !/^[0-9a-f-]{36}$/.test(credentials.username)) return false;
      const hash = (await devices.secretHashes([credentials.username])).get(credentials.username);
      if (!hash || !digestsEqual(hash, digest(credentials.password))) return false;
      const command = await commands.find(credentials.username, commandGuid);
      const open = command?.state === 'issued' || command?.state === 'accepted';
      if (!open || command?.command !== 'upload_logs') return false;
      await deps.files.write(bundleKey(credentials.username), bundle);
      return true;
    },

    /** Where the latest bundle is and when the device delivered it; null before the first one. */
    async latest(deviceGuid: string) {
      const command = await commands.latestComplete(deviceGuid, 'upload_logs');
      if (!command?.finishedAt) return null;
      return { url: deviceLogsBundlePath(deviceGuid), last_retrieved: command.finishedAt.toISOString() };
    },

    readBundle(deviceGuid: string) {
      return deps.files.read(bundleKey(deviceGuid));
    },
  };
}
