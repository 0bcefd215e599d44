import { describe, expect, it } from 'vitest';
import { createContainerRequest, emptyDraft } from './create-container-form';

describe('the Create Container dialog’s request (spec 3 §4.5, §5)', () => {
  it('sends a name and image with the restart policy always at 0 retries, leaving unset settings out', () => {
    const result = createContainerRequest({ ...emptyDraft(), name: 'web1', image_id: 'sha256:1' });
    expect(result).toEqual({
      body: {
        name: 'web1',
        image_id: 'sha256:1',
        restart_policy: { name: 'always', MaximumRetryCount: 0 },
        environment: [],
        volumes: [],
        devices: [],
      },
    });
  });

  it('keeps the retries of on-failure and sends ports when set', () => {
    const result = createContainerRequest({
      ...emptyDraft(),
      name: 'web1',
      image_id: 'i',
      restart_policy: 'on-failure',
      retries: '3',
      ports: [{ host_port: '8080', container_port: '80', protocol: 'tcp' }],
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
      ...emptyDraft(),
      name: 'my web',
      environment: [{ key: '', value: 'x' }],
      ports: [{ host_port: '80', container_port: '', protocol: 'tcp' }],
    });
    if (!('errors' in result)) throw new Error('expected errors');
    expect(result.errors.get('name')).toBe('Name may contain only letters and digits');
    expect(result.errors.get('image_id')).toBe('Image is required');
    expect(result.errors.get('environment.0.key')).toBe('Key is required');
    expect(result.errors.has('ports.0.container_port')).toBe(true);
  });
});
