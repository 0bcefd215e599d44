import { NEW_DIRECTORY_ENTRY } from '@ec/contract/containers/directory';
import { describe, expect, it } from 'vitest';
import { bodyOf, entryFormSchema, formValuesOf, manifestProblem } from './entry-form';

describe('the directory entry form (spec 3 §3.8, §5)', () => {
  it('starts a new entry with the spec defaults', () => {
    expect(formValuesOf(NEW_DIRECTORY_ENTRY)).toMatchObject({
      name: '',
      platforms: ['edgecaster', 'edgecaster_max'],
      published: false,
      licensable: false,
      manifest: '{}',
    });
  });

  it('needs a name and an image url, with the spec messages', () => {
    const parsed = entryFormSchema.safeParse({ ...formValuesOf(NEW_DIRECTORY_ENTRY), name: ' ' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Name is a required parameter.',
      'Image Url is a required parameter.',
    ]);
  });

  it("says 'Invalid JSON' for a manifest that does not parse, and names a wrong field", () => {
    expect(manifestProblem('{"ports": [')).toBe('Invalid JSON');
    expect(manifestProblem('[]')).toBe('Invalid JSON');
    expect(manifestProblem('{"network_mode": "host"}')).toBeNull();
    expect(manifestProblem('{"ports": [{"host_port": 80}]}')).toBe(
      'ports.0.container_port: Value must be a number',
    );
  });

  it('sends the company as one object and the manifest parsed', () => {
    const values = entryFormSchema.parse({
      ...formValuesOf(NEW_DIRECTORY_ENTRY),
      name: 'Player ',
      image_url: 'ghcr.io/acme/player:1',
      company_name: ' Acme ',
      manifest: '{"privileged": false}',
    });
    expect(bodyOf(values)).toMatchObject({
      name: 'Player',
      company: { name: 'Acme', url: '', description: '' },
      manifest: { privileged: false },
    });
  });
});
