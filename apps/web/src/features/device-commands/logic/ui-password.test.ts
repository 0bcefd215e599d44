import { describe, expect, it } from 'vitest';
import { CURRENT_REQUIRED, PASSWORDS_DIFFER, uiPasswordIssues, uiPasswordRequest } from './ui-password';

describe('local UI password (spec 2 §4.8)', () => {
  it('needs the current password only when one is set', () => {
    const draft = { current: '', next: 'secret-1', confirm: 'secret-1' };
    expect(uiPasswordIssues(draft, false)).toEqual({});
    expect(uiPasswordIssues(draft, true)).toEqual({ current: CURRENT_REQUIRED });
  });

  it('needs the new password twice, the same', () => {
    expect(uiPasswordIssues({ current: '', next: 'secret-1', confirm: 'secret-2' }, false)).toEqual({
      confirm: PASSWORDS_DIFFER,
    });
  });

  it('sends a blank new password to turn the authentication off, with the current one', () => {
    expect(uiPasswordRequest({ current: 'old', next: '', confirm: '' }, true)).toEqual({
      command: 'set_ui_password',
      data: { current_ui_password: 'old', new_ui_password: '' },
    });
    expect(uiPasswordRequest({ current: 'ignored', next: 'new', confirm: 'new' }, false)).toEqual({
      command: 'set_ui_password',
      data: { new_ui_password: 'new' },
    });
  });
});
