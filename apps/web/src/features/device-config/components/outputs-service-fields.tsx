import type { OutputType } from '@ec/contract/shadow-documents/output-types';
import Alert from '@mui/material/Alert';
import type { UseFormReturn } from 'react-hook-form';
import type { OutputsFormValues } from '../../../lib/shadows/outputs-drafts';
import { type Option, providerFields, providerNotice } from '../../../lib/shadows/outputs-field-specs';
import { BoundSelect, BoundText } from './outputs-form-fields';

/**
 * The service an RTMP, HTTP push or WHIP output pushes to (spec 3 §3.4): its provider, the provider's
 * fields (kept in service_data), and a notice for the providers other than the generic one. Choosing
 * another provider starts its fields empty; a platform named for RTMP, or Dolby.io for WHIP, is managed
 * on the device (spec 3 §8) and sends no service data, so the device keeps what it has.
 */
export function OutputServiceFields(props: {
  form: UseFormReturn<OutputsFormValues>;
  index: number;
  type: OutputType;
  serviceName: unknown;
  /** The providers offered: those of the type the device runs. */
  services: readonly Option[];
  editable: boolean;
}) {
  const { form, index, type } = props;
  const base = `outputs.${index}.config` as const;
  const fields = providerFields(type, props.serviceName) ?? [];
  const notice = providerNotice(type, props.serviceName);

  const pickService = (service: string) => {
    const next = providerFields(type, service) ?? [];
    form.setValue(
      `${base}.service_data`,
      next.length > 0 ? Object.fromEntries(next.map((field) => [field.name, ''])) : undefined,
      { shouldDirty: true },
    );
  };

  return (
    <>
      <BoundSelect
        control={form.control}
        name={`${base}.service_name`}
        label="Provider"
        options={props.services}
        disabled={!props.editable}
        onPicked={pickService}
      />
      {notice && (
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
          {notice}
        </Alert>
      )}
      {fields.map((field) => (
        <BoundText
          key={`${String(props.serviceName)}-${field.name}`}
          control={form.control}
          name={`${base}.service_data.${field.name}`}
          label={field.label}
          secret={field.secret}
          disabled={!props.editable}
        />
      ))}
    </>
  );
}
