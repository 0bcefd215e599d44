import pino, { type DestinationStream, type Level, type LevelWithSilent } from 'pino';
import { serializeError, serializeRequest } from './redact.ts';

/**
 * The server's logger: pino with serializers that keep secrets and personal data out of every line
 * (redacted URLs, errors without query parameters). Fastify uses these in place of its own.
 */
export function createLogger(options: {
  level: LevelWithSilent | Level;
  pretty?: boolean;
  destination?: DestinationStream;
}) {
  const settings = {
    level: options.level,
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    transport: options.pretty ? { target: 'pino-pretty' } : undefined,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
