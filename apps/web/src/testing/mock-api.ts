import { vi } from 'vitest';

export interface MockCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: MockCall) => { status?: number; body?: unknown } | undefined;

/**
 * Stubs fetch with handlers keyed 'METHOD /path' (path without /v1). An unhandled call answers 404,
 * so a test sees at once what the page asked for. Returns the list of calls made.
 */
export function mockApi(handlers: Record<string, Handler | { status?: number; body?: unknown }>) {
  const calls: MockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: MockCall = {
        method: init.method ?? 'GET',
        path: url.pathname.replace(/^\/v1/, ''),
        search: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const entry = handlers[`${call.method} ${call.path}`];
      const answer = typeof entry === 'function' ? entry(call) : entry;
      if (!answer) {
        return new Response(
          JSON.stringify({ message: `No mock for ${call.method} ${call.path}`, error_code: 'X' }),
          {
            status: 404,
          },
        );
      }
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
      });
    }),
  );
  return calls;
}
