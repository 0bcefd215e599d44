import { randomUUID } from 'node:crypto';
import type { ShadowCommandMessage } from '@ec/contract/device-link';
import type { ShadowName } from '@ec/contract/shadows';
import type { Db } from '../../db/database.ts';
import { shadowsRepository } from './shadows.repository.ts';

/** How far back unanswered commands are looked for when the link (re)connects. */
export const CATCH_UP_WINDOW_MS = 60 * 60 * 1000;

/**
 * Asks devices again for each shadow with a recent command they have not answered (the server was
 * down or cut off from the broker when the answer came). The get is not stored as a command: its
 * answer refreshes the reported document, which is what the console shows, and finishes the sets it
 * shows applied (`ShadowService.finishShadowCommand`).
 */
export async function refreshUnconfirmedShadows(deps: {
  db: Db;
  send(deviceGuid: string, message: ShadowCommandMessage): Promise<void>;
}) {
  const since = new Date(Date.now() - CATCH_UP_WINDOW_MS);
  const unconfirmed = await shadowsRepository(deps.db).unconfirmedSince(since);
  for (const { deviceGuid, shadowName } of unconfirmed) {
    await deps.send(deviceGuid, {
      command_guid: randomUUID(),
      command_type: 'get',
      shadow_name: shadowName as ShadowName,
    });
  }
}
