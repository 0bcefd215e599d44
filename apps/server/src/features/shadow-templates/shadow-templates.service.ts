import { type DriftStatus, type FleetDrift, templateDrift } from '@ec/contract/shadow-drift';
import { isTemplateShadow, type TemplateShadowName } from '@ec/contract/shadow-template-state';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { saveShadowTemplates } from './save-shadow-templates.ts';
import { presentShadowTemplate } from './shadow-template.presenter.ts';
import {
  type ShadowTemplateRow,
  shadowTemplatesRepository,
  type TemplateOwner,
} from './shadow-templates.repository.ts';

/** The newer of two templates of one shadow: saved later, else created later. */
const newer = (a: ShadowTemplateRow, b: ShadowTemplateRow) =>
  a.updatedAt.getTime() !== b.updatedAt.getTime() ? a.updatedAt > b.updatedAt : a.createdAt > b.createdAt;

/** A device drifts when one template differs; it is in sync when all match; else it is unknown. */
const overall = (statuses: DriftStatus[]): DriftStatus =>
  statuses.includes('drifting')
    ? 'drifting'
    : statuses.length && statuses.every((status) => status === 'in_sync')
      ? 'in_sync'
      : 'unknown';

export type ShadowTemplatesService = ReturnType<typeof createShadowTemplatesService>;

/** An organization's or a fleet's shadow templates (spec 3 §7): listed, saved as one change, deleted. */
export function createShadowTemplatesService(deps: { db: Db }) {
  const templates = shadowTemplatesRepository(deps.db);

  return {
    list: (owner: TemplateOwner, filter: { names?: readonly string[]; shadowName?: string }) =>
      templates.list(owner, filter),

    save: (props: Parameters<typeof saveShadowTemplates>[1]) => saveShadowTemplates(deps.db, props),

    /**
     * Each device of the fleet against the fleet's newest template of each shadow (decision 197), in two
     * statements whatever the fleet's size: the templates, then every device's reported documents.
     */
    async drift(fleet: { fleetGuid: string; orgGuid: string }): Promise<FleetDrift> {
      const counted = new Map<string, ShadowTemplateRow>();
      for (const row of await templates.list(fleet))
        if (isTemplateShadow(row.shadowName as never)) {
          const held = counted.get(row.shadowName);
          if (!held || newer(row, held)) counted.set(row.shadowName, row);
        }
      const chosen = [...counted.values()].sort((a, b) => a.shadowName.localeCompare(b.shadowName));
      const rows = await templates.fleetReported(
        fleet.fleetGuid,
        fleet.orgGuid,
        chosen.map((row) => row.shadowName),
      );
      const byDevice = new Map<string, { device: (typeof rows)[number]; reported: Map<string, unknown> }>();
      for (const row of rows) {
        const entry = byDevice.get(row.deviceGuid) ?? { device: row, reported: new Map() };
        if (row.shadowName) entry.reported.set(row.shadowName, row.reported);
        byDevice.set(row.deviceGuid, entry);
      }
      return {
        templates: chosen.map(presentShadowTemplate),
        devices: [...byDevice.values()].map(({ device, reported }) => {
          const shadows = chosen.map((template) => ({
            shadow_name: template.shadowName,
            template_guid: template.templateGuid,
            ...templateDrift(
              template.shadowName as TemplateShadowName,
              template.state,
              reported.get(template.shadowName),
            ),
          }));
          return {
            device_guid: device.deviceGuid,
            device_name: device.deviceName,
            serial_number: device.serialNumber,
            status: overall(shadows.map((shadow) => shadow.status)),
            shadows,
          };
        }),
      };
    },

    async delete(owner: TemplateOwner, templateGuid: string) {
      if (!(await templates.delete(owner, templateGuid)))
        throw ApiError.notFound('Shadow template not found', 'TEMPLATE_NOT_FOUND');
    },
  };
}
