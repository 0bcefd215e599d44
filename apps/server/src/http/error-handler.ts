import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiError } from './api-error.ts';
import { isClientRoute } from './web-assets.ts';

/** Turns every failure into `{message, error_code}` with a status a client can act on. */
export function registerErrorHandler(app: FastifyInstance, options: { spaIndex: boolean }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message, error_code: error.errorCode });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : issue.message;
      });
      return reply.status(400).send({ message: problems.join('; '), error_code: 'VALIDATION_ERROR' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response does not match its schema');
      return reply.status(500).send({ message: 'Internal server error', error_code: 'INTERNAL' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, error_code: error.code ?? 'BAD_REQUEST' });
    }
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' && request.raw.destroyed) {
      // The client went away while its answer was streamed (a page reloaded): nothing went wrong here.
      request.log.info('the client closed the connection before its answer was sent');
      return reply;
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error', error_code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes of the web app answer its index page (HEAD as GET, without the body).
    if (options.spaIndex && isClientRoute(request.method, request.url)) return reply.sendFile('index.html');
    return reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url}`, error_code: 'NOT_FOUND' });
  });
}
