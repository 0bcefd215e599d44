import type { Operation } from '@ec/contract/operations';
import type { z } from 'zod';

/**
 * The route schema of a contract operation (path parameters, query, body, the success answer) with
 * the error answers the route may give: the server registers `{ method, url: path, schema }` from it.
 */
export function operationRoute<O extends Operation, E extends Record<number, z.ZodType>>(
  operation: O,
  errors: E,
) {
  const parts = { params: operation.params, querystring: operation.query, body: operation.body };
  return {
    method: operation.method,
    url: operation.path,
    schema: {
      tags: [...operation.tags],
      summary: operation.summary,
      // Only the parts the operation has: Fastify warns about a part it is given as undefined.
      ...(Object.fromEntries(Object.entries(parts).filter(([, schema]) => schema)) as {
        params: O['params'];
        querystring: O['query'];
        body: O['body'];
      }),
      response: { [operation.status]: operation.response, ...errors } as Record<O['status'], O['response']> &
        E,
    },
  };
}
