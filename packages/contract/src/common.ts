import { z } from 'zod';

/** Every error the API answers with: a readable message and a stable machine code. */
export const errorResponseSchema = z.object({
  message: z.string(),
  error_code: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const guidSchema = z.uuid({ message: 'Must be a valid guid' });

/** The longest text the API takes per kind of field: lengths a person never reaches by hand. */
export const TEXT_LIMITS = {
  /** Names, serial numbers, searches and other one-line fields. */
  short: 200,
  /** Reasons, comments, notes. */
  long: 500,
  /** E-mail addresses (RFC 5321's path limit). */
  email: 254,
  /** Passwords: argon2 hashes whatever it is given, so a limit keeps a sign-in cheap. */
  password: 256,
  /** Opaque values handed out by the server or a provider: tokens, codes, states. */
  opaque: 2048,
} as const;

/** PostgreSQL cannot store U+0000 in text or JSON, so no input may carry one. */
export const NUL_MESSAGE = 'Must not contain the NUL character';
const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * Text as the API takes it: at most `max` characters and no NUL. Every text field of a request is
 * built from this, so a careless or hostile client gets a 400 with a message, never a 500.
 */
export const inputText = (max: number, params?: Parameters<typeof z.string>[0]) =>
  z.string(params).max(max, `Must be at most ${max} characters`).refine(hasNoNul, NUL_MESSAGE);

/** True when a JSON value holds U+0000 in any string or key (documents stored as jsonb). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return !hasNoNul(value);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    // Keys and a lookup rather than Object.entries: no pair array for each of a document's values.
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) if (!hasNoNul(key) || containsNul(object[key])) return true;
  }
  return false;
}

/** Token paging used by every list call: the answer's pagination_token fetches the next page. */
export const paginationQuerySchema = z.object({
  pagination_size: z.coerce.number().int().min(1).max(1000).optional(),
  pagination_token: inputText(TEXT_LIMITS.opaque).min(1).optional(),
});

export const paginationTokenSchema = z.string().nullable();

/** Only these statuses count as success in the console (spec 1 §7). */
export const SUCCESS_STATUSES = [200, 201, 202] as const;

/** The header that carries the organization scope on every request (spec 1 §4.2). */
export const ORG_HEADER = 'x-org-guid';

/** The answer of a call that has nothing to say but that it was done. */
export const okResponseSchema = z.object({ ok: z.literal(true) });

export const reasonBodySchema = z.object({
  reason: inputText(TEXT_LIMITS.long).trim().min(1, 'A reason is required'),
});

/** A time query parameter (ISO 8601 with an offset), read as a Date; absent stays undefined. */
export const optionalTimeQuery = (what: string) =>
  z.iso
    .datetime({ offset: true, error: 'Must be an ISO 8601 date and time, e.g. 2026-01-31T12:00:00Z' })
    .optional()
    .describe(what)
    .transform((value) => (value ? new Date(value) : undefined));

/** Device guids as a comma list or a repeated query parameter, at most `max` of them. */
export const deviceGuidsQuery = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(guidSchema).max(max, `At most ${max} devices can be named at once`));

/** A window's start_time must not come after its end_time: the check and its message, for `.refine`. */
export const startNotAfterEnd: [
  (query: { start_time?: Date; end_time?: Date }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => !query.start_time || !query.end_time || query.start_time <= query.end_time,
  { message: 'start_time must not be after end_time', path: ['start_time'] },
];
