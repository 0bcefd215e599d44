import type { DeviceCommandRequest } from '@ec/contract/device-commands';

/** The Manage Local UI Password form (spec 2 §4.8). */
export interface UiPasswordDraft {
  current: string;
  next: string;
  confirm: string;
}

export const EMPTY_UI_PASSWORD: UiPasswordDraft = { current: '', next: '', confirm: '' };

export const CURRENT_REQUIRED = 'The current password is required';
export const PASSWORDS_DIFFER = 'The new passwords do not match';
export const BLANK_TURNS_OFF = "A blank new password turns the local UI's authentication off.";

export interface UiPasswordIssues {
  current?: string;
  confirm?: string;
}

/** What stops the form: the current password when one is set, and a confirmation that differs. */
export function uiPasswordIssues(draft: UiPasswordDraft, passwordSet: boolean): UiPasswordIssues {
  const issues: UiPasswordIssues = {};
  if (passwordSet && draft.current === '') issues.current = CURRENT_REQUIRED;
  if (draft.next !== draft.confirm) issues.confirm = PASSWORDS_DIFFER;
  return issues;
}

/** The set_ui_password command of a valid form; the current password only when one is set. */
export function uiPasswordRequest(
  draft: UiPasswordDraft,
  passwordSet: boolean,
): Extract<DeviceCommandRequest, { command: 'set_ui_password' }> {
  return {
    command: 'set_ui_password',
    data: {
      ...(passwordSet ? { current_ui_password: draft.current } : {}),
      new_ui_password: draft.next,
    },
  };
}
