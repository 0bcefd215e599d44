import { containerDirectoryOperations } from '@ec/contract/containers/directory';
import { callOperation } from '../api-client';
import { fetchAllPages } from '../fetch-all-pages';
import type { DirectoryQuery } from './directory-keys';

/** GET /containers: one page of the directory (spec 3 §7). */
export const getDirectoryPage = (query: DirectoryQuery, signal?: AbortSignal) =>
  callOperation(containerDirectoryOperations.list, { query, signal });

/** Every entry of the directory, page after page until no token (spec 3 §7: the lists loop). */
export const getWholeDirectory = (query: Omit<DirectoryQuery, 'pagination_token'>, signal?: AbortSignal) =>
  fetchAllPages(async (token) => {
    const page = await getDirectoryPage({ ...query, pagination_token: token ?? undefined }, signal);
    return { rows: page.containers, pagination_token: page.pagination_token };
  });
