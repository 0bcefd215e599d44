/** The field-by-field comparison is the contract's (the server's drift report uses it too). */
export {
  changesWithSecretsHidden,
  documentChanges,
  entryId,
  type FieldChange,
  HIDDEN_VALUE,
  hideSecretValues,
  isEntryList,
  isRecord,
} from '@ec/contract/document-changes';

/** A value as the notice shows it: text quoted (so an empty one shows), switches On or Off. */
export function formatChangeValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return `“${value}”`;
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (Array.isArray(value)) return `[${value.map(formatChangeValue).join(', ')}]`;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
