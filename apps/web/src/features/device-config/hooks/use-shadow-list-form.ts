import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import { dynamicAddRemoveLockedMessage, supportsFeature } from '@ec/contract/version-gates';
import { useEffect } from 'react';
import {
  type ArrayPath,
  type DefaultValues,
  type FieldArray,
  get,
  type Path,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { issueIcon, type ShadowListModel } from '../../../components/list-editor/shadow-list-editor';
import { shadowSetResolver } from '../logic/shadow-set-resolver';
import type { DeviceConfigContext } from './use-device-config-context';
import { useReportedVersionGuard } from './use-reported-version-guard';

/** The form values of a list shadow: its list under its own key ({inputs: [...]}). */
export type ListFormValues<List extends string, Entry> = { [key in List]: Entry[] };

/** What the Inputs and Encoders tabs hand their list. */
export interface ShadowListFormProps<List extends string, Entry> {
  reported: { version: number; values: ListFormValues<List, Entry> };
  /** What the device reports of each entry beside its config (an input's format, an encoder's status), by id. */
  reportedEntries: ReadonlyMap<string, Record<string, unknown>>;
  context: DeviceConfigContext;
  editable: boolean;
  showActions: boolean;
  saving: boolean;
  savedCount: number;
  savedVersion: number | null;
  onSave: (entries: Entry[], targetVersion: number) => void;
}

/**
 * The form of a list shadow (Inputs, Encoders) as the System form works (spec 3 §4.1): react-hook-form
 * holding the working copy, judged by the contract's registry on every change (a rule may tie fields
 * together, such as the bitrate mode and 'Allow Outputs to Adjust Bitrate', so every field is judged
 * again, not only the one edited), a newer reported version never replacing unsaved edits silently,
 * and an applied save becoming the unchanged state. `model` is the working copy as the list editor
 * drives it; an entry's row key is its id.
 */
export function useShadowListForm<List extends 'inputs' | 'encoders', Entry extends { id: number | string }>(
  input: ShadowListFormProps<List, Entry> & {
    shadow: 'Inputs' | 'Encoders';
    list: List;
    toSetState: (entries: Entry[]) => unknown;
    /** A field's label in the newer-version notice. */
    labelOf: (path: string[]) => string;
  },
) {
  type Values = ListFormValues<List, Entry>;
  const { list } = input;
  const form: UseFormReturn<Values, ShadowSetContext> = useForm<Values, ShadowSetContext>({
    resolver: shadowSetResolver(input.shadow, (values: Values) => input.toSetState(values[list])),
    context: input.context.validation,
    mode: 'onChange',
    defaultValues: input.reported.values as DefaultValues<Values>,
  });
  const guard = useReportedVersionGuard({
    reported: input.reported,
    dirty: form.formState.isDirty,
    getValues: form.getValues,
    reset: (values, base) => {
      form.reset(base);
      form.reset(values, { keepDefaultValues: true });
      void form.trigger();
    },
    paused: input.saving,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: judged again when the entitlements change
  useEffect(() => {
    void form.trigger();
    const subscription = form.watch(() => void form.trigger());
    return () => subscription.unsubscribe();
  }, [form, input.context.validation]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to an applied save only
  useEffect(() => {
    if (input.savedCount) guard.acceptSaved(form.getValues(), input.savedVersion);
  }, [input.savedCount]);

  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: list as unknown as ArrayPath<Values>,
    keyName: 'fieldKey',
  });
  const entries = (useWatch({ control: form.control, name: list as unknown as Path<Values> }) ??
    []) as Entry[];
  const { errors, isDirty, isValid } = form.formState;
  const model: ShadowListModel<Entry> = {
    rows: fields.map((field, index) => {
      const entry = entries[index] ?? (field as unknown as Entry);
      return { key: String(entry.id), index, entry };
    }),
    changed: isDirty,
    valid: isValid,
    hasIssue: (row) => Boolean(get(errors, `${list}.${row.index}`)),
    add: (entry) => {
      append(entry as FieldArray<Values, ArrayPath<Values>>);
      return String(entry.id);
    },
    remove: (row) => remove(row.index),
    revert: guard.discardEdits,
    save: form.handleSubmit((values) => input.onSave(values[list], guard.acceptedVersion)),
  };

  const dynamic = supportsFeature(input.context.device, 'dynamicAddRemove');
  /** What the list editor takes of a form-backed list as it is. */
  const editorProps = {
    tableLabel: input.shadow,
    formLabel: `${input.shadow} configuration`,
    model,
    newer: { guard, labelOf: input.labelOf },
    lockedNote: dynamic ? null : dynamicAddRemoveLockedMessage(list),
    nameBadges: issueIcon,
    editable: input.editable,
    showActions: input.showActions,
    saving: input.saving,
  };

  return { form, entries, dynamic, editorProps };
}
