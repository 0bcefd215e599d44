import type { Db } from '../../db/database.ts';
import { batchLoader } from '../../shared/batch-loader.ts';
import { digest, digestsEqual } from '../../shared/secrets.ts';
import { devicesRepository } from './devices.repository.ts';

/**
 * Checks a device's MQTT password against its stored digest, for the embedded broker. A fleet
 * connecting at once is checked in a few statements rather than one per device.
 */
export function devicePasswordCheck(db: Db) {
  const devices = devicesRepository(db);
  const secretHashes = batchLoader<string, string | undefined>(
    async (guids) => {
      const hashes = await devices.secretHashes(guids);
      return guids.map((guid) => hashes.get(guid));
    },
    { maxBatchSize: 500 },
  );
  return async (deviceGuid: string, password: string) => {
    const hash = await secretHashes.load(deviceGuid);
    return hash !== undefined && digestsEqual(hash, digest(password));
  };
}
