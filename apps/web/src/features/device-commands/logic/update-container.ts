import {
  type DeviceCommandRequest,
  UPDATE_CONTAINER_DEFAULTS,
  updateContainerDataSchema,
} from '@ec/contract/device-commands';

/** The Update Docker Container form (spec 2 §4.8), starting with the spec's defaults. */
export interface UpdateContainerDraft {
  username: string;
  password: string;
  version_tag: string;
  container_name: string;
}

export const initialUpdateContainerDraft = (): UpdateContainerDraft => ({
  username: '',
  password: '',
  ...UPDATE_CONTAINER_DEFAULTS,
});

export type UpdateContainerIssues = Partial<Record<keyof UpdateContainerDraft, string>>;

/** The contract's first message for each field the draft gets wrong. */
export function updateContainerIssues(draft: UpdateContainerDraft): UpdateContainerIssues {
  const parsed = updateContainerDataSchema.safeParse(draft);
  const issues: UpdateContainerIssues = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof UpdateContainerDraft;
    issues[field] ??= issue.message;
  }
  return issues;
}

export const updateContainerRequest = (
  draft: UpdateContainerDraft,
): Extract<DeviceCommandRequest, { command: 'update_nimbraedge_container' }> => ({
  command: 'update_nimbraedge_container',
  data: {
    username: draft.username.trim(),
    password: draft.password,
    version_tag: draft.version_tag.trim(),
    container_name: draft.container_name.trim(),
  },
});
