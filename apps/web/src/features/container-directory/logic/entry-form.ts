import {
  type CreateDirectoryEntryBody,
  containerPlatformSchema,
  DIRECTORY_MESSAGES,
  type DirectoryEntry,
} from '@ec/contract/containers/directory';
import { containerManifestSchema } from '@ec/contract/containers/manifest';
import { z } from 'zod';

export const INVALID_JSON = 'Invalid JSON';

/** The manifest as JSON text: it must parse ('Invalid JSON', spec 3 §5) and be a manifest of §3.7. */
export function manifestProblem(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return INVALID_JSON;
  const parsed = containerManifestSchema.safeParse(value);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return issue ? `${issue.path.join('.')}: ${issue.message}` : INVALID_JSON;
}

/** The editor's values: the entry's fields flat, as the console holds them (spec 3 §3.8), the manifest as text. */
export const entryFormSchema = z.object({
  name: z.string().trim().min(1, DIRECTORY_MESSAGES.nameRequired),
  identifier: z.string(),
  image_url: z.string().trim().min(1, DIRECTORY_MESSAGES.imageUrlRequired),
  description: z.string(),
  company_name: z.string(),
  company_url: z.string(),
  company_description: z.string(),
  requirements: z.string(),
  platforms: z.array(containerPlatformSchema),
  published: z.boolean(),
  licensable: z.boolean(),
  manifest: z.string().superRefine((text, context) => {
    const problem = manifestProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});
export type EntryFormValues = z.input<typeof entryFormSchema>;
export type EntryFormOutput = z.output<typeof entryFormSchema>;

export const formValuesOf = (entry: Omit<DirectoryEntry, 'container_guid'>): EntryFormValues => ({
  name: entry.name,
  identifier: entry.identifier,
  image_url: entry.image_url,
  description: entry.description,
  company_name: entry.company.name,
  company_url: entry.company.url,
  company_description: entry.company.description,
  requirements: entry.requirements,
  platforms: entry.platforms,
  published: entry.published,
  licensable: entry.licensable,
  manifest: JSON.stringify(entry.manifest, null, 2),
});

/** The body of POST or PATCH /containers: the whole entry, its texts trimmed. */
export const bodyOf = (values: EntryFormOutput): CreateDirectoryEntryBody => ({
  name: values.name,
  identifier: values.identifier.trim(),
  image_url: values.image_url,
  description: values.description.trim(),
  company: {
    name: values.company_name.trim(),
    url: values.company_url.trim(),
    description: values.company_description.trim(),
  },
  requirements: values.requirements.trim(),
  platforms: values.platforms,
  published: values.published,
  licensable: values.licensable,
  manifest: JSON.parse(values.manifest),
});
