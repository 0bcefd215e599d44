import pg from 'pg';

/**
 * How many different statement texts are kept prepared. The application's statements are a few
 * hundred; texts that vary with their input (a list of values spelled out, one text per length)
 * would otherwise fill the session's memory with plans used once: a text is named only when it
 * comes again, and past the limit a statement is sent unnamed, as before.
 */
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();
const seenOnce = new Set<string>();

function nameOf(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= MAX_NAMED_STATEMENTS) return known;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= MAX_NAMED_STATEMENTS) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  const name = `ec_${statementNames.size}`;
  statementNames.set(text, name);
  return name;
}

/**
 * A node-postgres client that names each statement with parameters by its text. Unnamed, every
 * statement is parsed and planned again; PGlite does that in WebAssembly on its one thread, about two
 * thirds of its time per statement in `npm run bench:devices` (decision 171). Named, PostgreSQL parses
 * it once per session and may keep its plan. Statements without parameters (transaction control,
 * migrations) keep the simple protocol.
 */
export class NamedStatementsClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: forwards node-postgres's overloaded query() unchanged
  override query(...args: any[]): any {
    const [config, values] = args;
    const text: unknown = typeof config === 'string' ? config : config?.name ? undefined : config?.text;
    const parameters: unknown = Array.isArray(values) ? values : config?.values;
    const name =
      typeof text === 'string' && Array.isArray(parameters) && parameters.length ? nameOf(text) : undefined;
    if (!name) return super.query(...(args as Parameters<pg.Client['query']>));
    const named = typeof config === 'string' ? { text, name } : { ...config, name };
    return super.query(...([named, ...args.slice(1)] as Parameters<pg.Client['query']>));
  }
}
