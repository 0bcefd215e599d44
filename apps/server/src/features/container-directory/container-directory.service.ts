import { hasGroup } from '@ec/contract/access';
import {
  CONTAINER_DIRECTORY_PAGE_SIZE,
  type createDirectoryEntryBodySchema,
  DIRECTORY_MESSAGES,
  NEW_DIRECTORY_ENTRY,
  type updateDirectoryEntryBodySchema,
} from '@ec/contract/containers/directory';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, namePageKey, pageOf } from '../../http/pagination.ts';
import type { Actor } from '../../shared/device-event-bus.ts';
import {
  containerDirectoryRepository,
  type DirectoryRow,
  type DirectoryValues,
} from './container-directory.repository.ts';

export type ContainerDirectoryService = ReturnType<typeof createContainerDirectoryService>;

type CreateBody = z.output<typeof createDirectoryEntryBodySchema>;
type UpdateBody = z.output<typeof updateDirectoryEntryBodySchema>;

/** Who is asking: their platform groups decide whether they keep the directory. */
interface Reader {
  groups: readonly string[];
}

export const isContainerAdmin = (reader: Reader) => hasGroup(reader.groups, 'ContainerManagement');

const requireContainerAdmin = (reader: Reader) => {
  if (!isContainerAdmin(reader)) throw ApiError.forbidden('This needs the ContainerManagement group');
};

const notFound = () => ApiError.notFound(DIRECTORY_MESSAGES.notFound, 'CONTAINER_NOT_FOUND');

/** The columns a body sets: only the fields it sends (a PATCH replaces those and keeps the rest). */
function valuesOf(body: UpdateBody): Partial<DirectoryValues> {
  const values: Partial<DirectoryValues> = {
    identifier: body.identifier,
    name: body.name,
    imageUrl: body.image_url,
    description: body.description,
    companyName: body.company?.name,
    companyUrl: body.company?.url,
    companyDescription: body.company?.description,
    requirements: body.requirements,
    manifest: body.manifest,
    platforms: body.platforms,
    published: body.published,
    licensable: body.licensable,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

const NEW_ENTRY_VALUES = valuesOf(NEW_DIRECTORY_ENTRY) as DirectoryValues;

/**
 * The container directory (spec 3 §2.9, §4.6, §6): every signed-in user reads the published entries;
 * ContainerManagement also reads the unpublished ones and creates, changes and deletes entries, each
 * change written with its audit event in one transaction.
 */
export function createContainerDirectoryService(deps: { db: Db }) {
  const { db } = deps;
  const directory = containerDirectoryRepository(db);

  /** Runs a change and records its audit event in one transaction; 404 when there was no such entry. */
  async function audited(
    actor: Actor,
    action: 'created' | 'updated' | 'deleted',
    change: (
      repository: ReturnType<typeof containerDirectoryRepository>,
    ) => Promise<DirectoryRow | undefined>,
    changed: object = {},
  ): Promise<DirectoryRow> {
    return db.transaction(async (tx) => {
      const repository = containerDirectoryRepository(tx);
      const row = await change(repository);
      if (!row) throw notFound();
      await repository.record({
        containerGuid: row.containerGuid,
        action,
        userGuid: actor.userGuid,
        email: actor.email,
        eventData: { name: row.name, ...changed },
      });
      return row;
    });
  }

  return {
    async list(
      reader: Reader,
      query: {
        unpublished?: boolean;
        platform?: string;
        pagination_size?: number;
        pagination_token?: string;
      },
    ) {
      if (query.unpublished) requireContainerAdmin(reader);
      const size = query.pagination_size ?? CONTAINER_DIRECTORY_PAGE_SIZE;
      const rows = await directory.listPage({
        includeUnpublished: query.unpublished === true,
        platform: query.platform,
        after: decodePageToken(query.pagination_token, namePageKey),
        limit: size + 1,
      });
      const { page, pagination_token } = pageOf(rows, size, (row) => [row.sortName, row.entry.containerGuid]);
      return { entries: page.map((row) => row.entry), pagination_token };
    },

    /** One entry; an unpublished one only for a container administrator (404 for anyone else). */
    async get(reader: Reader, containerGuid: string) {
      const row = await directory.find(containerGuid);
      if (!row || (!row.published && !isContainerAdmin(reader))) throw notFound();
      return row;
    },

    /** A new entry; `containerGuid` is chosen only by the demo's seed, so its licences can name it. */
    async create(reader: Reader, body: CreateBody, actor: Actor, containerGuid?: string) {
      requireContainerAdmin(reader);
      const values = { ...NEW_ENTRY_VALUES, ...valuesOf(body), updatedBy: actor.userGuid, containerGuid };
      return audited(actor, 'created', (repository) => repository.create(values), {
        fields: Object.keys(body),
      });
    },

    async update(reader: Reader, containerGuid: string, body: UpdateBody, actor: Actor) {
      requireContainerAdmin(reader);
      const values = { ...valuesOf(body), updatedBy: actor.userGuid };
      return audited(actor, 'updated', (repository) => repository.update(containerGuid, values), {
        fields: Object.keys(body),
      });
    },

    async delete(reader: Reader, containerGuid: string, actor: Actor) {
      requireContainerAdmin(reader);
      await audited(actor, 'deleted', (repository) => repository.delete(containerGuid));
    },
  };
}
