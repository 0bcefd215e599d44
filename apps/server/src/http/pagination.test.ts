import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken, namePageKey, timePageKey } from './pagination.ts';

describe('decodePageToken', () => {
  it('answers the key a token carries when it has the expected shape', () => {
    const guid = randomUUID();
    expect(decodePageToken(encodePageToken(['studio a', guid]), namePageKey)).toEqual(['studio a', guid]);
    expect(decodePageToken(undefined, namePageKey)).toBeUndefined();
  });

  it('refuses a forged or foreign token with 400 INVALID_PAGINATION_TOKEN', () => {
    for (const token of [
      'not base64 json',
      encodePageToken(['studio a']),
      encodePageToken(['yesterday', randomUUID()]),
      encodePageToken([1, 'not a guid']),
    ]) {
      expect(() => decodePageToken(token, timePageKey)).toThrow(
        expect.objectContaining({ statusCode: 400, errorCode: 'INVALID_PAGINATION_TOKEN' }),
      );
    }
  });
});
