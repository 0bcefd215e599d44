import type { z } from 'zod';

/**
 * One API operation, declared once: the server registers its route from it and the browser calls it
 * through it, so a path, its parameters and its answer are typed in one place. Paths use `:name` for
 * their parameters, as the server's router does.
 */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/${string}`;
  summary: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success status and what it answers. */
  status: 200 | 201 | 202;
  response: z.ZodType;
}

export const defineOperation = <const O extends Operation>(operation: O): O => operation;

export type OperationParams<O extends Operation> = O['params'] extends z.ZodObject
  ? z.input<O['params']>
  : undefined;

/** The operation's path with its parameters filled in, each URL-encoded. */
export function operationPath<O extends Operation>(operation: O, params: OperationParams<O>): string {
  return operation.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`${operation.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
