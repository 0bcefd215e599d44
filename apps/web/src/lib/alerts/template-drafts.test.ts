import { newDeviceAlert, THRESHOLD_REQUIRED } from '@ec/contract/shadow-documents/alerts';
import { describe, expect, it } from 'vitest';
import type { AlertDraft } from '../shadows/alert-drafts';
import { NEW_TEMPLATE_KEY, templateBody, templateIssues } from './template-drafts';

const draft = (input: Parameters<typeof newDeviceAlert>[0]): AlertDraft => ({
  key: NEW_TEMPLATE_KEY,
  ...newDeviceAlert(input),
  category: 'org',
});

describe('an organization template (spec 2 §5, spec 3 §5)', () => {
  it('is valid as a predefined alert offers it, and is sent without its local key and category', () => {
    const highTemperature = draft({
      type: 'metric',
      name: 'thermal_system_temp_current',
      label: 'High Temperature',
    });
    expect(templateIssues(highTemperature).size).toBe(0);
    expect(templateBody(highTemperature)).toEqual({
      type: 'metric',
      name: 'thermal_system_temp_current',
      label: 'High Temperature',
      config: expect.objectContaining({
        threshold_value: 80,
        threshold_condition: 'GreaterThan',
        enabled: false,
      }),
    });
  });

  it('needs a name and a label', () => {
    const issues = templateIssues(draft({ type: 'outputs', name: '', label: '' }));
    expect(issues.get('name')).toBe('Name is required');
    expect(issues.get('label')).toBe('Label is required');
  });

  it('takes a number as a metric threshold, and a valid e-mail address', () => {
    const base = draft({ type: 'metric', name: 'cpu', label: 'CPU' });
    const issues = templateIssues({
      ...base,
      config: { ...base.config, threshold_value: 'hot', email_list: ['not-an-address'] },
    });
    expect(issues.get('config.threshold_value')).toBeTruthy();
    expect(issues.get('config.threshold_value')).not.toBe(THRESHOLD_REQUIRED);
    expect([...issues.keys()].some((path) => path.startsWith('config.email_list'))).toBe(true);
  });
});
