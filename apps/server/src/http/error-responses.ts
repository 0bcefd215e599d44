import { errorResponseSchema } from '@ec/contract/common';

/** The error answers a route may give, for its response map: each one is `{message, error_code}`. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as {
    [Code in Codes[number]]: typeof errorResponseSchema;
  };
}
