import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { Fragment } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { createEncoderTypes, ENCODER_TYPE_LABELS } from '../../../lib/shadows/encoders-choices';
import {
  type CreatableEncoderType,
  type EncoderDraft,
  type EncodersFormValues,
  type NewEncoderContext,
  newEncoderConfig,
} from '../../../lib/shadows/encoders-drafts';
import type { DeviceConfigContext } from '../hooks/use-device-config-context';
import {
  ENCODER_FIELDS,
  type EncoderFieldContext,
  type EncoderFieldSpec,
} from '../logic/encoders-field-specs';
import {
  ConfigCheckboxGroup,
  ConfigNumberField,
  ConfigSelect,
  ConfigSwitch,
  ConfigTextField,
  EntryIssue,
  FieldGrid,
} from './config-fields';

/** Spec 3 §2.3: the form of an encoder of a type this console does not know. */
export const UNKNOWN_ENCODER_NOTICE = 'This encoder type is currently not supported via the web interface.';

type EncodersForm = UseFormReturn<EncodersFormValues, DeviceConfigContext['validation']>;

/** One field of an encoder's config, as its spec says (encoders-field-specs). */
function EncoderField(props: {
  form: EncodersForm;
  base: `encoders.${number}.config`;
  spec: EncoderFieldSpec;
  context: EncoderFieldContext;
}) {
  const { form, spec, context } = props;
  const bound = {
    form,
    name: `${props.base}.${spec.name}` as const,
    label: spec.label,
    disabled: !context.editable || spec.locked?.(context) === true,
    hint: spec.hint?.(context),
  };
  switch (spec.kind) {
    case 'text':
      return <ConfigTextField {...bound} />;
    case 'number':
      return <ConfigNumberField {...bound} />;
    case 'switch':
      return <ConfigSwitch {...bound} />;
    case 'checks':
      return <ConfigCheckboxGroup {...bound} choices={spec.choices(context)} />;
    case 'select':
      return (
        <ConfigSelect
          {...bound}
          choices={spec.choices(context)}
          none={spec.none}
          onPicked={
            spec.afterPick &&
            ((value) =>
              form.setValue(props.base, spec.afterPick?.(form.getValues(props.base), value) ?? {}, {
                shouldDirty: true,
              }))
          }
        />
      );
  }
}

/**
 * The open encoder's settings (spec 3 §2.3): the issues of the whole entry (a licensed limit), the
 * fields of its type (a new encoder may still change type, which starts its config afresh, spec 3
 * §4.1), or a notice for a type this console does not know.
 */
export function EncoderSettings(props: {
  form: EncodersForm;
  index: number;
  draft: EncoderDraft;
  context: Omit<EncoderFieldContext, 'config'>;
  newEncoder: Omit<NewEncoderContext, 'device'>;
}) {
  const { form, index, draft } = props;
  const base = `encoders.${index}.config` as const;
  const context = { ...props.context, config: draft.config };
  const groups = ENCODER_FIELDS[draft.type];
  const changeType = (next: unknown) =>
    form.setValue(
      base,
      newEncoderConfig(next as CreatableEncoderType, String(draft.config.name ?? ''), {
        ...props.newEncoder,
        device: context.device,
      }),
      { shouldDirty: true },
    );

  return (
    <>
      <EntryIssue form={form} name={`encoders.${index}`} />
      {context.isNew && (
        <ConfigSelect
          form={form}
          name={`encoders.${index}.type`}
          label="Encoder Type"
          choices={createEncoderTypes(context.device).map((value) => ({
            value,
            label: ENCODER_TYPE_LABELS[value],
          }))}
          disabled={!context.editable}
          onPicked={changeType}
        />
      )}
      {groups ? (
        <Stack spacing={2}>
          {groups.map((group) => {
            const shown = group.filter((spec) => spec.when?.(context) ?? true);
            const fields = shown.map((spec) => (
              <EncoderField key={spec.name} form={form} base={base} spec={spec} context={context} />
            ));
            // A list of checkboxes takes the whole width; other fields go two to a row.
            const key = group.map((spec) => spec.name).join();
            return shown.length === 1 && shown[0]?.kind === 'checks' ? (
              <Fragment key={key}>{fields}</Fragment>
            ) : (
              <FieldGrid key={key}>{fields}</FieldGrid>
            );
          })}
        </Stack>
      ) : (
        <Alert severity="info">{UNKNOWN_ENCODER_NOTICE}</Alert>
      )}
    </>
  );
}
