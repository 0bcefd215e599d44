import type { ContainerManifestInput } from '@ec/contract/containers/manifest';
import { type CreateContainerBody, createContainerBodySchema } from '@ec/contract/device-docker';

/** What the Create Container dialog holds: a name, an image, and the manifest its shared form edits. */
export interface CreateContainerDraft {
  name: string;
  image_id: string;
  manifest: ContainerManifestInput;
}

/** A new container starts with the manifest defaults' restart policy, always (spec 3 §9). */
export const emptyDraft = (): CreateContainerDraft => ({
  name: '',
  image_id: '',
  manifest: { restart_policy: { name: 'always', MaximumRetryCount: 0 } },
});

/**
 * The body the dialog sends (spec 3 §4.5): what the manifest form set and nothing else, judged by the
 * call's own schema; otherwise each message by field ('ports.0.container_port').
 */
export function createContainerRequest(
  draft: CreateContainerDraft,
): { body: CreateContainerBody } | { errors: Map<string, string> } {
  const body: CreateContainerBody = { ...draft.manifest, name: draft.name.trim(), image_id: draft.image_id };
  const parsed = createContainerBodySchema.safeParse(body);
  if (parsed.success) return { body };
  return { errors: new Map(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])) };
}
