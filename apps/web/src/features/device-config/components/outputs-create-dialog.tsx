import { outputLimit } from '@ec/contract/entitlements/entitlement-gates';
import { OUTPUT_TYPES, type OutputType } from '@ec/contract/shadow-documents/output-types';
import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import { isOutputTypeSupported, type OutputDeviceSoftware } from '@ec/contract/version-gates';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
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
 * included). The output joins the working copy and reaches the device with Save.
 */
export function OutputsCreateDialog(props: {
  existing: readonly OutputDraft[];
  context: ShadowSetContext;
  device: OutputDeviceContext;
  /** The device can add and remove outputs (spec 3 §9); otherwise a lock notice says what it needs. */
  locked: string | null;
  onClose: () => void;
  onCreate: (draft: OutputDraft) => void;
}) {
  const { existing, context, device } = props;
  const types = useMemo(
    () => creatableOutputTypes(context.entitlements, device.software),
    [context.entitlements, device.software],
  );
  const [type, setType] = useState<OutputType | undefined>(types[0]);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
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
    <Dialog
      open
      onClose={props.onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="create-output-title"
    >
      <DialogTitle id="create-output-title">Create Output</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
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
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={blocked}
          onClick={() => {
            if (!candidate) return;
            props.onCreate(form.getValues(`outputs.${index}`));
            props.onClose();
          }}
        >
          Create Output
        </Button>
      </DialogActions>
    </Dialog>
  );
}
