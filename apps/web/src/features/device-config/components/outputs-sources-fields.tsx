import { DATA_TYPE_LABELS } from '@ec/contract/shadow-documents/encoders';
import { configOf } from '@ec/contract/shadow-documents/fields';
import { outputSourceKinds } from '@ec/contract/shadow-documents/output-sources';
import type { OutputType } from '@ec/contract/shadow-documents/output-types';
import FormHelperText from '@mui/material/FormHelperText';
import { get, useFormState } from 'react-hook-form';
import { decodeHtml } from '../../../lib/shadows/outputs-display';
import type { Option } from '../../../lib/shadows/outputs-field-specs';
import { BoundMultiSelect, type OutputsControl } from './outputs-form-fields';

type Entry = Record<string, unknown>;

function encoderOptions(encoders: readonly Entry[], accepts: (encoder: Entry) => boolean): Option[] {
  return encoders.filter(accepts).map((encoder) => {
    const name = configOf(encoder).name;
    return {
      value: String(encoder.id),
      label: typeof name === 'string' && name ? decodeHtml(name) : `Encoder ${String(encoder.id)}`,
    };
  });
}

/**
 * The encoders an output streams (spec 3 §3.4, §5): only those its type takes (spec 3 §9), with the
 * contract's messages (an encoder required, encoders from one input, WHIP's codecs) and its warning
 * about a video encoder another output uses.
 */
export function OutputSourcesFields(props: {
  control: OutputsControl;
  index: number;
  type: OutputType;
  /** The device's encoders as reported. */
  encoders: readonly Entry[];
  editable: boolean;
  warnings: ReadonlyMap<string, string>;
}) {
  const { control, index, encoders } = props;
  const kinds = outputSourceKinds(props.type);
  const base = `outputs.${index}.config.sources` as const;
  const { errors } = useFormState({ control, name: base });
  // An issue about the encoders together (from two inputs) is the message of `sources` itself.
  const wholeError = (get(errors, base) as { message?: string } | undefined)?.message;
  const video = encoderOptions(encoders, (encoder) => encoder.type === 'video');
  const audio = encoderOptions(
    encoders,
    (encoder) =>
      encoder.type === 'audio' && (kinds.audioCodecs as readonly unknown[]).includes(configOf(encoder).codec),
  );
  const data = encoderOptions(
    encoders,
    (encoder) =>
      encoder.type === 'data' &&
      (kinds.dataTypes as readonly unknown[]).includes(configOf(encoder).data_type),
  );
  const dataHint = kinds.dataTypes.map((type) => DATA_TYPE_LABELS[type]).join(', ');

  return (
    <>
      <BoundMultiSelect
        control={control}
        name={`${base}.video`}
        label="Video Encoders"
        options={video}
        numeric
        disabled={!props.editable}
        warning={props.warnings.get(`${base}.video`)}
      />
      {kinds.audioCodecs.length > 0 && (
        <BoundMultiSelect
          control={control}
          name={`${base}.audio`}
          label="Audio Encoders"
          options={audio}
          numeric
          disabled={!props.editable}
          hint={props.type === 'whip' ? 'Opus encoders' : 'AAC encoders'}
        />
      )}
      {kinds.dataTypes.length > 0 && (
        <BoundMultiSelect
          control={control}
          name={`${base}.data`}
          label="Data Encoders"
          options={data}
          numeric
          disabled={!props.editable}
          hint={`${dataHint} data encoders`}
        />
      )}
      {wholeError && (
        <FormHelperText error sx={{ gridColumn: '1 / -1' }}>
          {wholeError}
        </FormHelperText>
      )}
    </>
  );
}
