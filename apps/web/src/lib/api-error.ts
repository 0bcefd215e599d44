import { ApiError } from '@ec/client/api-error';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The text shown to users for a failed call (spec 2 §8): the response data's message, else the
 * response data when it is a string, else the error's message, else 'Unknown Error'.
 */
export function parseErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (isRecord(error.data) && typeof error.data.message === 'string' && error.data.message) {
      return error.data.message;
    }
    if (typeof error.data === 'string' && error.data) return error.data;
  }
  if (isRecord(error) && isRecord(error.response) && isRecord(error.response.data)) {
    const message = error.response.data.message;
    if (typeof message === 'string' && message) return message;
  }
  if (error instanceof Error && error.message) return error.message;
  if (isRecord(error) && typeof error.message === 'string' && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown Error';
}

export const errorCodeOf = (error: unknown) => (error instanceof ApiError ? error.errorCode : null);
