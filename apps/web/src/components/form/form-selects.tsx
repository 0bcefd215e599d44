import type { ComponentProps } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useController } from 'react-hook-form';
import { LocaleSelect } from '../ui/locale-select';
import { TimezoneSelect } from '../ui/timezone-select';

type Bound = 'name' | 'value' | 'onChange' | 'onBlur' | 'error';

/** A controlled input's value, handlers and validation message, bound to a react-hook-form field. */
function useBoundField<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return {
    name: field.name,
    value: (field.value as string | null | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}

/** The locale selector bound to a form field. */
export function FormLocaleSelect<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T>; name: Path<T> } & Omit<ComponentProps<typeof LocaleSelect>, Bound>) {
  return <LocaleSelect {...useBoundField(form, name)} {...props} />;
}

/** The time zone selector bound to a form field. */
export function FormTimezoneSelect<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T>; name: Path<T> } & Omit<ComponentProps<typeof TimezoneSelect>, Bound>) {
  return <TimezoneSelect {...useBoundField(form, name)} {...props} />;
}
