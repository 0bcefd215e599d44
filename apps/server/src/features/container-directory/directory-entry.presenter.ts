import type { DirectoryEntry } from '@ec/contract/containers/directory';
import type { ContainerManifest } from '@ec/contract/containers/manifest';
import type { DirectoryRow } from './container-directory.repository.ts';

/** A directory row as the API answers it (spec 3 §3.8): the company as one object. */
export const presentDirectoryEntry = (row: DirectoryRow): DirectoryEntry => ({
  container_guid: row.containerGuid,
  identifier: row.identifier,
  name: row.name,
  image_url: row.imageUrl,
  description: row.description,
  company: { name: row.companyName, url: row.companyUrl, description: row.companyDescription },
  requirements: row.requirements,
  manifest: row.manifest as ContainerManifest,
  platforms: row.platforms,
  published: row.published,
  licensable: row.licensable,
});
