import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Device } from '@ec/contract/devices';
import type { Operation } from '@ec/contract/operations';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createClient, operationGroups } from './create-client.ts';

const contractSource = fileURLToPath(new URL('../../contract/src/', import.meta.url));

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

/** Every map of operations the contract exports, by module and export name. */
async function contractOperationMaps() {
  const files = (await readdir(contractSource, { recursive: true })).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const maps = new Map<unknown, string>();
  for (const file of files) {
    const module: Record<string, unknown> = await import(`${contractSource}${file}`);
    for (const [name, value] of Object.entries(module)) {
      const entries = typeof value === 'object' && value !== null ? Object.values(value) : [];
      if (entries.length > 0 && entries.every(isOperation)) maps.set(value, `${file}: ${name}`);
    }
  }
  return maps;
}

describe('createClient', () => {
  it("calls an operation of a namespace at the client's server, with its token, scheme and organization", async () => {
    const fetch = vi.fn(async () => Response.json({ personal_access_tokens: [] }));
    const client = createClient({
      baseUrl: 'http://127.0.0.1:8080',
      token: 'ec_pat_secret',
      scheme: 'PAT',
      orgGuid: 'org-1',
      fetch,
    });
    await expect(client.pats.list()).resolves.toEqual({ personal_access_tokens: [] });
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:8080/v1/pats', {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'PAT ec_pat_secret', 'x-org-guid': 'org-1' },
      body: undefined,
      signal: undefined,
    });
  });

  it("types each call's input and answer from its operation", () => {
    const client = createClient({ baseUrl: '' });
    expectTypeOf(client.devices.list).returns.resolves.toHaveProperty('devices').toEqualTypeOf<Device[]>();
    expectTypeOf(client.devices.get)
      .parameter(0)
      .toHaveProperty('params')
      .toEqualTypeOf<{ device_guid: string }>();
    // @ts-expect-error: one device is named by its guid
    expectTypeOf(() => client.devices.get()).toBeFunction();
    // @ts-expect-error: adopting a device needs its serial number
    expectTypeOf(() => client.devices.adopt({ query: {} })).toBeFunction();
    const params = { device_guid: 'd' };
    const setWithoutDocuments = { command_type: 'set' } as const;
    // @ts-expect-error: a shadow set carries its documents
    expectTypeOf(() => client.shadows.sendCommands({ params, body: setWithoutDocuments })).toBeFunction();
  });

  it('has every operation of every namespace, under its own name', () => {
    const client = createClient({ baseUrl: '' });
    for (const [group, operations] of Object.entries(operationGroups)) {
      expect(Object.keys(client[group as keyof typeof client]).sort()).toEqual(
        Object.keys(operations).sort(),
      );
    }
  });

  it('has a namespace for every operation map of the contract, so a new one cannot be forgotten', async () => {
    const grouped = new Set<unknown>(Object.values(operationGroups));
    const missing = [...(await contractOperationMaps())]
      .filter(([map]) => !grouped.has(map))
      .map(([, name]) => name);
    expect(missing).toEqual([]);
  });
});

describe('README', () => {
  it('quotes the example as it is, so the example it shows type-checks', async () => {
    const [readme, example] = await Promise.all([
      readFile(new URL('../README.md', import.meta.url), 'utf8'),
      readFile(new URL('../examples/rename-device.ts', import.meta.url), 'utf8'),
    ]);
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });
});
