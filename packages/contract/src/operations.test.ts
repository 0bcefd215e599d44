import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation, operationPath } from './operations.ts';

const getCommand = defineOperation({
  method: 'GET',
  path: '/devices/:device_guid/commands/:command_guid',
  summary: 'A command',
  tags: ['test'],
  params: z.object({ device_guid: z.string(), command_guid: z.string() }),
  status: 200,
  response: z.object({}),
});

describe('operationPath', () => {
  it('fills every parameter, encoded', () => {
    expect(operationPath(getCommand, { device_guid: 'a/b', command_guid: 'c d' })).toBe(
      '/devices/a%2Fb/commands/c%20d',
    );
  });

  it('refuses a missing parameter rather than calling a wrong address', () => {
    expect(() => operationPath(getCommand, { device_guid: 'a' } as never)).toThrow('needs command_guid');
  });
});
