import { validateShadowSet } from '@ec/contract/shadow-registry';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import type { CreateDialogProps } from '../../../components/list-editor/shadow-list-editor';
import { ListCreateDialog } from '../../../components/ui/list-create-dialog';
import {
  createEncoderTypes,
  DATA_TYPE_CHOICES,
  ENCODER_TYPE_LABELS,
} from '../../../lib/shadows/encoders-choices';
import {
  type CreatableEncoderType,
  type DataType,
  type EncoderDraft,
  encodersSetState,
  type NewEncoderContext,
  newEncoderDraft,
} from '../../../lib/shadows/encoders-drafts';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import { entryIssues } from '../logic/shadow-set-resolver';

/**
 * Create Encoder (spec 3 §2.3, §5): Video Encoder, Audio Encoder, and Data Encoder from daemon v10.1.0,
 * with its data type. The new encoder is judged with the list by the contract first: at the licensed
 * number of its kind, the dialog says so in the contract's words and Create stays disabled.
 */
export function CreateEncoderDialog(
  props: CreateDialogProps<EncoderDraft> & {
    drafts: readonly EncoderDraft[];
    context: DeviceConfigContext;
    newEncoder: Omit<NewEncoderContext, 'device'>;
  },
) {
  const { drafts, context } = props;
  const [type, setType] = useState<CreatableEncoderType>('video');
  const [dataType, setDataType] = useState<DataType>('klv_sync');
  const [name, setName] = useState<string | null>(null);
  const count = drafts.filter((draft) => draft.type === type).length;
  const shownName = name ?? `${ENCODER_TYPE_LABELS[type]} ${count + 1}`;
  const candidate = useMemo(
    () => newEncoderDraft(type, shownName, { ...props.newEncoder, device: context.device }, dataType),
    [type, shownName, dataType, props.newEncoder, context.device],
  );
  const issues = entryIssues(
    validateShadowSet('Encoders', encodersSetState([...drafts, candidate]), context.validation),
    'encoders',
    drafts.length,
  );

  return (
    <ListCreateDialog
      open={props.open}
      title="Create Encoder"
      size="xs"
      issues={issues}
      blocked={issues.length > 0}
      onClose={props.onClose}
      onCreate={() => props.onCreate(candidate)}
    >
      <TextField
        select
        label="Encoder Type"
        value={type}
        onChange={(event) => {
          setType(event.target.value as CreatableEncoderType);
          setName(null);
        }}
      >
        {createEncoderTypes(context.device).map((value) => (
          <MenuItem key={value} value={value}>
            {ENCODER_TYPE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      {type === 'data' && (
        <TextField
          select
          label="Data Type"
          value={dataType}
          onChange={(event) => setDataType(event.target.value as DataType)}
        >
          {DATA_TYPE_CHOICES.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField label="Name" value={shownName} onChange={(event) => setName(event.target.value)} />
    </ListCreateDialog>
  );
}
