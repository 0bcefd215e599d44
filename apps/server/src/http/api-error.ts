/** An error the API answers with `{message, error_code}` and the given 4xx (or 503) status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    /** For 429 and 503: seconds until a new attempt may succeed, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  static badRequest(message: string, errorCode = 'BAD_REQUEST') {
    return new ApiError(400, errorCode, message);
  }
  static unauthorized(message = 'Sign in to continue', errorCode = 'UNAUTHORIZED') {
    return new ApiError(401, errorCode, message);
  }
  static forbidden(message = 'You do not have permission to do this', errorCode = 'FORBIDDEN') {
    return new ApiError(403, errorCode, message);
  }
  static notFound(message: string, errorCode = 'NOT_FOUND') {
    return new ApiError(404, errorCode, message);
  }
  static conflict(message: string, errorCode = 'CONFLICT') {
    return new ApiError(409, errorCode, message);
  }
  static tooManyRequests(message: string, retryAfterMs: number) {
    return new ApiError(
      429,
      'TooManyRequestsException',
      message,
      Math.max(1, Math.ceil(retryAfterMs / 1000)),
    );
  }
  /** A service the request needs is down for now (the device link); worth retrying shortly. */
  static serviceUnavailable(message: string, errorCode: string, retryAfterSeconds = 5) {
    return new ApiError(503, errorCode, message, retryAfterSeconds);
  }
}
