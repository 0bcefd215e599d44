import { useWatch } from 'react-hook-form';
import { withCurrent } from '../../../lib/shadows/choices';
import { DATA_TYPE_CHOICES, NO_INPUT_CHOICE } from '../../../lib/shadows/encoders-choices';
import { type DataType, withDataType } from '../../../lib/shadows/encoders-drafts';
import { ConfigSelect, ConfigTextField, FieldGrid } from './config-fields';
import { configPath, type EncoderFieldsProps } from './encoders-fields-props';

/**
 * The Data Encoder form (spec 3 §3.3, §4.1): a name and a data type; SMPTE 2038 also takes an input.
 * Another data type drops the settings of the previous one.
 */
export function DataEncoderFields(props: EncoderFieldsProps) {
  const { form, editable } = props;
  const base = configPath(props.index);
  const config = useWatch({ control: form.control, name: base }) ?? {};
  return (
    <FieldGrid>
      <ConfigTextField form={form} name={`${base}.name`} label="Name" disabled={!editable} />
      <ConfigSelect
        form={form}
        name={`${base}.data_type`}
        label="Data Type"
        choices={withCurrent(DATA_TYPE_CHOICES, config.data_type)}
        disabled={!editable}
        onPicked={(dataType) =>
          form.setValue(base, withDataType(form.getValues(base), dataType as DataType), { shouldDirty: true })
        }
      />
      {config.data_type === 'smpte2038' && (
        <ConfigSelect
          form={form}
          name={`${base}.in_channel_id`}
          label="Input"
          choices={withCurrent([NO_INPUT_CHOICE, ...props.inputs], config.in_channel_id)}
          disabled={!editable}
        />
      )}
    </FieldGrid>
  );
}
