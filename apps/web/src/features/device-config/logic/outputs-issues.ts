import { type ShadowSetContext, shadowSetWarnings, validateShadowSet } from '@ec/contract/shadow-registry';
import { type OutputsFormValues, outputsSetState } from '../../../lib/shadows/outputs-drafts';

/** The set the form would send: what the contract judges (its paths are the form's field names). */
export const outputsFormSetState = (values: OutputsFormValues) => outputsSetState(values.outputs);

/** The contract's issues with the working copy, against the device's licence and encoders (spec 3 §5). */
export const outputsIssues = (values: OutputsFormValues, context: ShadowSetContext) =>
  validateShadowSet('Outputs', outputsFormSetState(values), context);

/** What the contract warns about and still lets through (spec 3 §5), by field name. */
export function outputsWarnings(values: OutputsFormValues): Map<string, string> {
  const warnings = new Map<string, string>();
  for (const warning of shadowSetWarnings('Outputs', outputsFormSetState(values))) {
    const field = warning.path.join('.');
    if (!warnings.has(field)) warnings.set(field, warning.message);
  }
  return warnings;
}
