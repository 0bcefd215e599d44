import { z } from 'zod';
import { guidSchema } from './common.ts';
import { defineOperation } from './operations.ts';

/**
 * The shell's bell (spec 2 §2.10, §4.4): the organization's active alerts of both types, counted by the
 * server. On its own, so every page's first script carries this call and not the alerts' schemas.
 */
export const activeAlertCountOperation = defineOperation({
  method: 'GET',
  path: '/alerts/active_count',
  summary: "How many of the organization's alerts are active (neither resolved nor silenced)",
  tags: ['alerts'],
  query: z.object({ org_guid: guidSchema.optional() }),
  status: 200,
  response: z.object({ active: z.number().int() }),
});
