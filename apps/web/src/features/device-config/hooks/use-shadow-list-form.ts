import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { shadowSetResolver } from '../logic/shadow-set-resolver';
import { useReportedVersionGuard } from './use-reported-version-guard';

/**
 * The form of a list shadow (Inputs, Encoders) as the System form works (spec 3 §4.1): react-hook-form
 * holding the working copy, judged by the contract's registry on every change (a rule may tie fields
 * together, such as the bitrate mode and 'Allow Outputs to Adjust Bitrate', so every field is judged
 * again, not only the one edited), a newer reported version never replacing unsaved edits silently,
 * and an applied save becoming the unchanged state.
 */
export function useShadowListForm<Values extends FieldValues>(input: {
  shadow: 'Inputs' | 'Encoders';
  toSetState: (values: Values) => unknown;
  reported: { version: number; values: Values };
  validation: ShadowSetContext;
  saving: boolean;
  savedCount: number;
  savedVersion: number | null;
}) {
  const form = useForm<Values, ShadowSetContext>({
    resolver: shadowSetResolver(input.shadow, input.toSetState),
    context: input.validation,
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
  }, [form, input.validation]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to an applied save only
  useEffect(() => {
    if (input.savedCount) guard.acceptSaved(form.getValues(), input.savedVersion);
  }, [input.savedCount]);

  return { form, guard };
}
