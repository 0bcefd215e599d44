import { ApiError } from '@ec/client/api-error';
import { describe, expect, it } from 'vitest';
import { errorCodeOf, parseErrorText } from './api-error';

describe('parseErrorText', () => {
  it('prefers the message of the response data', () => {
    expect(parseErrorText(new ApiError(400, { message: 'Bad serial', error_code: 'X' }))).toBe('Bad serial');
  });

  it('uses the response data when it is a string', () => {
    expect(parseErrorText(new ApiError(502, 'Bad Gateway'))).toBe('Bad Gateway');
  });

  it("falls back to the error's own message", () => {
    expect(parseErrorText(new ApiError(500, null))).toBe('Request failed with status 500');
    expect(parseErrorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(parseErrorText({ response: { data: { message: 'From axios shape' } } })).toBe('From axios shape');
  });

  it("answers 'Unknown Error' when nothing is readable", () => {
    expect(parseErrorText(undefined)).toBe('Unknown Error');
    expect(parseErrorText({})).toBe('Unknown Error');
    expect(parseErrorText(new Error(''))).toBe('Unknown Error');
  });

  it('exposes the error code', () => {
    expect(errorCodeOf(new ApiError(400, { message: 'm', error_code: 'UserNotConfirmedException' }))).toBe(
      'UserNotConfirmedException',
    );
    expect(errorCodeOf(new Error('x'))).toBeNull();
  });
});
