import type { z } from 'zod';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A non-success answer of the API (anything but 200, 201 and 202), with the body it sent. */
export class ApiError extends Error {
  readonly status: number;
  /** The answer's body: the API's `{ message, error_code }`, or text from whatever stood in between. */
  readonly data: unknown;
  readonly errorCode: string | null;

  constructor(status: number, data: unknown) {
    const body = isRecord(data) ? data : {};
    const message = typeof body.message === 'string' ? body.message : `Request failed with status ${status}`;
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.errorCode = typeof body.error_code === 'string' ? body.error_code : null;
  }
}

/** A success answer that does not have the shape its operation declares: client and server have drifted. */
export class UnexpectedAnswerError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];
  /** The answer as the server sent it. */
  readonly data: unknown;

  constructor(method: string, path: string, issues: readonly z.core.$ZodIssue[], data: unknown) {
    super(`Unexpected answer from ${method} ${path}`);
    this.name = 'UnexpectedAnswerError';
    this.issues = issues;
    this.data = data;
  }
}
