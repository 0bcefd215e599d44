import { describe, expect, it } from 'vitest';
import { createContainerRequest, emptyDraft } from './create-container-form';

describe('the Create Container dialog’s request (spec 3 §4.5, §5)', () => {
  it('sends a name and image with the restart policy always at 0 retries, leaving unset settings out', () => {
    expect(createContainerRequest({ ...emptyDraft(), name: 'web1', image_id: 'sha256:1' })).toEqual({
      body: { name: 'web1', image_id: 'sha256:1', restart_policy: { name: 'always', MaximumRetryCount: 0 } },
    });
  });

  it('sends the ports the form set', () => {
    const result = createContainerRequest({
      name: 'web1',
      image_id: 'i',
      manifest: {
        restart_policy: { name: 'on-failure', MaximumRetryCount: 3 },
        ports: [{ host_port: 8080, container_port: 80, protocol: 'tcp' }],
      },
    });
    expect(result).toMatchObject({
      body: {
        restart_policy: { name: 'on-failure', MaximumRetryCount: 3 },
        ports: [{ host_port: 8080, container_port: 80, protocol: 'tcp' }],
      },
    });
  });

  it('names each field that stops it: the name rule, a missing image, an incomplete entry', () => {
    const result = createContainerRequest({
      name: 'my web',
      image_id: '',
      // As the form holds them while being filled in: a port without its container port.
      manifest: {
        environment: [{ key: '', value: 'x' }],
        ports: [{ host_port: 80 } as { host_port: number; container_port: number }],
      },
    });
    if (!('errors' in result)) throw new Error('expected errors');
    expect(result.errors.get('name')).toBe('Name may contain only letters and digits');
    expect(result.errors.get('image_id')).toBe('Image is required');
    expect(result.errors.get('environment.0.key')).toBe('Key is required');
    expect(result.errors.has('ports.0.container_port')).toBe(true);
  });
});
