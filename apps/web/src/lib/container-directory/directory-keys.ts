import type { listDirectoryQuerySchema } from '@ec/contract/containers/directory';
import type { z } from 'zod';

export type DirectoryQuery = z.input<typeof listDirectoryQuerySchema>;

/**
 * The container directory's queries. The directory belongs to no organization, so its keys sit outside
 * ['org', …]; one invalidation of `all` refreshes the admin list and every device's catalogue after a
 * change.
 */
export const directoryKeys = {
  all: ['container-directory'] as const,
  pages: (query: DirectoryQuery) => ['container-directory', 'pages', query] as const,
};
