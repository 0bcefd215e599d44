import { SHADOW_COMPARE_IGNORED_KEYS } from '@ec/contract/shadow-registry';
import { describe, expect, it } from 'vitest';
import { changesWithSecretsHidden, documentChanges, HIDDEN_VALUE } from './document-changes';

describe('documentChanges', () => {
  it('names each changed field with its old and new value, skipping secrets', () => {
    const before = { device_name: 'A', ntp_server: '', xml: { url: '', password: 'x' }, dns: ['1.1.1.1'] };
    const after = { device_name: 'B', ntp_server: '', xml: { url: 'http://x', password: 'y' }, dns: [] };
    expect(documentChanges(before, after, SHADOW_COMPARE_IGNORED_KEYS)).toEqual([
      { path: ['device_name'], before: 'A', after: 'B' },
      { path: ['xml', 'url'], before: '', after: 'http://x' },
      { path: ['dns'], before: ['1.1.1.1'], after: [] },
    ]);
  });

  it('lists an object that appears by its fields', () => {
    expect(documentChanges({ static_network: null }, { static_network: { ip_address: '10.0.0.5' } })).toEqual(
      [{ path: ['static_network', 'ip_address'], before: undefined, after: '10.0.0.5' }],
    );
  });

  it('matches list entries by id, not by place', () => {
    const one = { id: 1, config: { name: 'One' } };
    const two = { id: 2, config: { name: 'Two' } };
    const changes = documentChanges(
      { outputs: [one, two] },
      {
        outputs: [
          { ...two, config: { name: 'Second' } },
          { id: 3, config: { name: 'Three' } },
        ],
      },
    );
    expect(changes).toEqual([
      { path: ['outputs', '1'], before: one, after: undefined },
      { path: ['outputs', '2', 'config', 'name'], before: 'Two', after: 'Second' },
      { path: ['outputs', '3'], before: undefined, after: { id: 3, config: { name: 'Three' } } },
    ]);
  });

  it('names a changed secret once, without its values, and hides secrets inside other values', () => {
    const before = {
      outputs: [{ id: 1, config: { name: 'Main', service_data: '{"key":"a"}', passphrase: 'p1', port: 1 } }],
    };
    const after = {
      outputs: [
        { id: 1, config: { name: 'Main', service_data: '{"key":"b"}', passphrase: 'p2', port: 2 } },
        { id: 2, config: { name: 'New', passphrase: 'p3' } },
      ],
    };
    const changes = changesWithSecretsHidden(before, after, SHADOW_COMPARE_IGNORED_KEYS);
    expect(changes).toEqual([
      { path: ['outputs', '1', 'config', 'service_data'], before: undefined, after: undefined, secret: true },
      { path: ['outputs', '1', 'config', 'passphrase'], before: undefined, after: undefined, secret: true },
      { path: ['outputs', '1', 'config', 'port'], before: 1, after: 2 },
      {
        path: ['outputs', '2'],
        before: undefined,
        after: { id: 2, config: { name: 'New', passphrase: HIDDEN_VALUE } },
      },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/p1|p2|p3|"key"/);
  });
});
