import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ComponentType, useId } from 'react';
import { useWatch } from 'react-hook-form';
import {
  createEncoderTypes,
  ENCODER_TYPE_LABELS,
  encoderTypeLabel,
} from '../../../lib/shadows/encoders-choices';
import {
  type CreatableEncoderType,
  type NewEncoderContext,
  newEncoderConfig,
} from '../../../lib/shadows/encoders-drafts';
import { ConfigSelect, EntryIssue } from './config-fields';
import { AudioEncoderFields } from './encoders-audio-fields';
import { DataEncoderFields } from './encoders-data-fields';
import type { EncoderFieldsProps } from './encoders-fields-props';
import { SyncGroupFields } from './encoders-sync-group-fields';
import { VideoEncoderFields } from './encoders-video-fields';

/** Spec 3 §2.3: the form of an encoder of a type this console does not know. */
export const UNKNOWN_ENCODER_NOTICE = 'This encoder type is currently not supported via the web interface.';

const FORMS: Record<string, ComponentType<EncoderFieldsProps>> = {
  video: VideoEncoderFields,
  audio: AudioEncoderFields,
  sync_group: SyncGroupFields,
  data: DataEncoderFields,
};

/**
 * The expanded encoder (spec 3 §2.3): the issues of the whole entry (a licensed limit), the form of
 * its type, and Delete Encoder. A new encoder may still change type, which starts its config afresh
 * (spec 3 §4.1).
 */
export function EncoderSettings(
  props: EncoderFieldsProps & {
    newEncoder: Omit<NewEncoderContext, 'device'>;
    /** Delete Encoder is offered (editors, and the device removes encoders or this one is new). */
    canDelete: boolean;
    onDelete: () => void;
  },
) {
  const { form, index, editable } = props;
  const headingId = useId();
  const type = useWatch({ control: form.control, name: `encoders.${index}.type` });
  const name = useWatch({ control: form.control, name: `encoders.${index}.config.name` });
  const Fields = FORMS[type];
  const changeType = (next: unknown) =>
    form.setValue(
      `encoders.${index}.config`,
      newEncoderConfig(next as CreatableEncoderType, String(name ?? ''), {
        ...props.newEncoder,
        device: props.device,
      }),
      { shouldDirty: true },
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h4" component="h2">
          {typeof name === 'string' && name !== '' ? name : encoderTypeLabel(type)} settings
        </Typography>
        <EntryIssue form={form} name={`encoders.${index}`} />
        {props.isNew && (
          <ConfigSelect
            form={form}
            name={`encoders.${index}.type`}
            label="Encoder Type"
            choices={createEncoderTypes(props.device).map((value) => ({
              value,
              label: ENCODER_TYPE_LABELS[value],
            }))}
            disabled={!editable}
            onPicked={changeType}
          />
        )}
        {Fields ? <Fields {...props} /> : <Alert severity="info">{UNKNOWN_ENCODER_NOTICE}</Alert>}
        {props.canDelete && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button color="error" disabled={!editable} onClick={props.onDelete}>
              Delete Encoder
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
