import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import { validateShadowSet } from '@ec/contract/shadow-registry';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import type { CreateDialogProps } from '../../../components/list-editor/shadow-list-editor';
import { ListCreateDialog } from '../../../components/ui/list-create-dialog';
import { type InputDraft, inputsSetState, newInputDraft } from '../../../lib/shadows/inputs-drafts';
import { INPUT_FIELD_LABELS } from '../../../lib/shadows/inputs-labels';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import { entryIssues } from '../logic/shadow-set-resolver';

/**
 * Create Input (spec 3 §2.2, §5): a name and one of the product's hardware channels. The new input is
 * judged with the list by the contract first: a channel another input uses, or the licensed number of
 * inputs reached, is said in the contract's words and Create stays disabled.
 */
export function CreateInputDialog(
  props: CreateDialogProps<InputDraft> & { drafts: readonly InputDraft[]; context: DeviceConfigContext },
) {
  const { drafts, context } = props;
  const channels = CAPABILITY_PROFILES[context.device.product_name].hardware.hw_channels;
  const free = channels.find((channel) => !drafts.some((draft) => draft.hw_channel === channel));
  const [channel, setChannel] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);
  const chosen = channel ?? free ?? channels[0] ?? 0;
  const shownName = name ?? `Input ${chosen + 1}`;
  const candidate = useMemo(
    () => newInputDraft({ name: shownName, hw_channel: chosen }, context.device),
    [shownName, chosen, context.device],
  );
  const issues = entryIssues(
    validateShadowSet('Inputs', inputsSetState([...drafts, candidate]), context.validation),
    'inputs',
    drafts.length,
  );
  const channelIssue = issues.find((issue) => issue.path[0] === 'hw_channel');

  return (
    <ListCreateDialog
      open={props.open}
      title="Create Input"
      size="xs"
      issues={issues.filter((issue) => issue !== channelIssue)}
      blocked={issues.length > 0}
      onClose={props.onClose}
      onCreate={() => props.onCreate(candidate)}
    >
      <TextField
        select
        label={INPUT_FIELD_LABELS.hw_channel}
        value={chosen}
        onChange={(event) => setChannel(Number(event.target.value))}
        error={Boolean(channelIssue)}
        helperText={channelIssue?.message}
      >
        {channels.map((value) => (
          <MenuItem key={value} value={value}>
            Channel {value}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={INPUT_FIELD_LABELS.name}
        value={shownName}
        onChange={(event) => setName(event.target.value)}
      />
    </ListCreateDialog>
  );
}
