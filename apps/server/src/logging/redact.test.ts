import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './redact.ts';

describe('redactUrl', () => {
  it('replaces codes, tokens and e-mail addresses, and keeps the rest', () => {
    expect(redactUrl('/auth/confirm?email=a%40b.example&code=918273')).toBe(
      '/auth/confirm?email=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/v1/devices?serial_number=1234-5678&pagination_size=25')).toBe(
      '/v1/devices?serial_number=1234-5678&pagination_size=25',
    );
    expect(redactUrl('/v1/auth-info?who=someone@example.com')).toBe('/v1/auth-info?who=[redacted]');
    expect(redactUrl('/v1/users/someone@example.com')).toBe('/v1/users/[redacted]');
  });
});

describe('serializeError', () => {
  it('drops a failed query’s parameters and keeps the statement and the cause', () => {
    const cause = Object.assign(new Error('duplicate key value'), {
      code: '23505',
      detail: 'Key (email)=(a@b.c)',
    });
    const error = Object.assign(new Error('Failed query: insert into t values ($1)\nparams: secret-hash'), {
      query: 'insert into t values ($1)',
      params: ['secret-hash'],
      cause,
    });
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).toContain('insert into t values ($1)');
    expect(serialized).toContain('23505');
    expect(serialized).not.toContain('secret-hash');
    expect(serialized).not.toContain('a@b.c');
  });
});
