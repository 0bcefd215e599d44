import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import { validateShadowSet } from '@ec/contract/shadow-registry';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { type InputDraft, inputsSetState, newInputDraft } from '../../../lib/shadows/inputs-drafts';
import { INPUT_FIELD_LABELS } from '../../../lib/shadows/inputs-labels';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import { entryIssues } from '../logic/shadow-set-resolver';

/**
 * Create Input (spec 3 §2.2, §5): a name and one of the product's hardware channels. The new input is
 * judged with the list by the contract first: a channel another input uses, or the licensed number of
 * inputs reached, is said in the contract's words and Create stays disabled.
 */
export function CreateInputDialog(props: {
  open: boolean;
  drafts: readonly InputDraft[];
  context: DeviceConfigContext;
  onClose: () => void;
  onCreate: (draft: InputDraft) => void;
}) {
  const { drafts, context } = props;
  const titleId = useId();
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
  const otherIssues = issues.filter((issue) => issue !== channelIssue);

  const close = () => {
    setChannel(null);
    setName(null);
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Create Input</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
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
          {otherIssues.map((issue) => (
            <Alert key={`${issue.path.join('.')}:${issue.message}`} severity="error" role="alert">
              {issue.message}
            </Alert>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={issues.length > 0}
          onClick={() => {
            props.onCreate(candidate);
            close();
          }}
        >
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
