import { controllableOutputs, type OutputToggle } from '@ec/contract/output-control';

/** One row of the Output Control dialog: a configured output other than a thumbnail (spec 2 §4.7). */
export interface OutputToggleRow {
  id: string | number;
  /** The output's name as configured (undecoded), '' when it has none. */
  name: string;
  type: string;
  enable: boolean;
}

export const outputKey = (id: string | number) => String(id);

/** The rows of the reported Outputs document, in the device's order. */
export const outputToggleRows = (outputsState: unknown): OutputToggleRow[] =>
  controllableOutputs(outputsState).map((output) => ({
    id: output.id,
    name: typeof output.config.name === 'string' ? output.config.name : '',
    type: output.type,
    enable: output.config.enable === true,
  }));

/** What Save sends: every listed output with the state its toggle shows. */
export const outputToggles = (
  rows: readonly OutputToggleRow[],
  chosen: Readonly<Record<string, boolean>>,
): OutputToggle[] =>
  rows.map((row) => ({ output_id: row.id, enable: chosen[outputKey(row.id)] ?? row.enable }));

/** Whether a toggle differs from what the device reported. */
export const hasToggleChanges = (
  rows: readonly OutputToggleRow[],
  chosen: Readonly<Record<string, boolean>>,
) => rows.some((row) => (chosen[outputKey(row.id)] ?? row.enable) !== row.enable);
