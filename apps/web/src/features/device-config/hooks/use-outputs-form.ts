import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { OutputsFormValues } from '../../../lib/shadows/outputs-drafts';
import { outputsFormSetState } from '../logic/outputs-issues';
import { shadowSetResolver } from '../logic/shadow-set-resolver';

/**
 * A form over the whole outputs list, judged by the contract's registry (validateShadowSet) with the
 * device's product, licence and encoders. Every change re-judges the whole list, not only the field
 * changed: a rule may be about another field (Enabled needs an encoder) or another output (one back
 * pressure per encoder), and each message shows at its field at once, those of a list read from the
 * device too.
 */
export function useOutputsForm(defaultValues: OutputsFormValues, validation: ShadowSetContext) {
  const form = useForm<OutputsFormValues, ShadowSetContext>({
    resolver: shadowSetResolver('Outputs', outputsFormSetState),
    context: validation,
    mode: 'onChange',
    defaultValues,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: judged again when the licence or encoders change
  useEffect(() => {
    void form.trigger();
    const subscription = form.watch(() => void form.trigger());
    return () => subscription.unsubscribe();
  }, [form, validation]);

  return form;
}
