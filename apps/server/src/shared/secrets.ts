import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2) with explicit OWASP-recommended costs, so any argon2 library verifies the hash. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

/** A random bearer secret with a readable prefix naming its kind. */
export const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/** High-entropy tokens are stored as a SHA-256 digest: enough, and fast on every request. */
export const digest = (value: string) => createHash('sha256').update(value).digest('hex');

export const newNumericCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function digestsEqual(a: string, b: string) {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
