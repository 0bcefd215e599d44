import { outputLimit } from '@ec/contract/entitlements/entitlement-gates';
import { OUTPUT_TYPES, type OutputType } from '@ec/contract/shadow-documents/output-types';
import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import { isOutputTypeSupported, type OutputDeviceSoftware } from '@ec/contract/version-gates';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import type { CreateDialogProps } from '../../../components/list-editor/shadow-list-editor';
import { ListCreateDialog } from '../../../components/ui/list-create-dialog';
import { outputTypeLabel } from '../../../lib/shadows/outputs-display';
import { newOutputDraft, type OutputDraft } from '../../../lib/shadows/outputs-drafts';
import { useOutputsForm } from '../hooks/use-outputs-form';
import { outputsIssues, outputsWarnings } from '../logic/outputs-issues';
import { entryIssues } from '../logic/shadow-set-resolver';
import { OutputConfigFields, type OutputDeviceContext } from './outputs-config-fields';

export const NO_LICENSED_OUTPUT_TYPES = 'This device is not licensed for any output type it runs.';

/**
 * The types the Create dialog offers (spec 3 §2.4): those licensed by daemon.output.{type}.limit and
 * run by the device's software (WHIP from daemon v10.1.0).
 */
export const creatableOutputTypes = (
  entitlements: ShadowSetContext['entitlements'],
  software: OutputDeviceSoftware,
) =>
  OUTPUT_TYPES.filter((type) => outputLimit(entitlements, type) > 0 && isOutputTypeSupported(type, software));

/**
 * Create Output (spec 3 §2.4, §4.1): an Output Type select and the new output's settings with their
 * defaults; Create Output stays disabled while the new output has an issue (its licence limit
 * included).
 */
export function OutputsCreateDialog(
  props: CreateDialogProps<OutputDraft> & {
    existing: readonly OutputDraft[];
    context: ShadowSetContext;
    device: OutputDeviceContext;
    /** The device can add and remove outputs (spec 3 §9); otherwise a lock notice says what it needs. */
    locked: string | null;
  },
) {
  const { existing, context, device } = props;
  const types = useMemo(
    () => creatableOutputTypes(context.entitlements, device.software),
    [context.entitlements, device.software],
  );
  const [type, setType] = useState<OutputType | undefined>(types[0]);
  const index = existing.length;
  const [initial] = useState(() => ({
    outputs: type ? [...existing, newOutputDraft(type, existing, device.software)] : [...existing],
  }));
  const form = useOutputsForm(initial, context);
  const values = form.watch();
  const candidate = values.outputs[index];
  const blocked =
    !candidate ||
    entryIssues(outputsIssues(values, context), 'outputs', index).length > 0 ||
    Boolean(props.locked);

  const chooseType = (next: OutputType) => {
    setType(next);
    form.reset({ outputs: [...existing, newOutputDraft(next, existing, device.software)] });
  };

  return (
    <ListCreateDialog
      open={props.open}
      title="Create Output"
      createLabel="Create Output"
      size="md"
      fullScreenOnPhone
      blocked={blocked}
      onClose={props.onClose}
      onCreate={() => props.onCreate(form.getValues(`outputs.${index}`))}
    >
      {props.locked && <Alert severity="warning">{props.locked}</Alert>}
      {types.length === 0 ? (
        <Alert severity="info">{NO_LICENSED_OUTPUT_TYPES}</Alert>
      ) : (
        <TextField
          select
          label="Output Type"
          value={type ?? ''}
          disabled={Boolean(props.locked)}
          onChange={(event) => chooseType(event.target.value as OutputType)}
        >
          {types.map((value) => (
            <MenuItem key={value} value={value}>
              {outputTypeLabel(value)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {candidate && !props.locked && (
        <OutputConfigFields
          key={candidate.key}
          form={form}
          index={index}
          device={device}
          editable
          warnings={outputsWarnings(values)}
        />
      )}
    </ListCreateDialog>
  );
}
