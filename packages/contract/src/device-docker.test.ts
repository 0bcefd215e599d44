import { describe, expect, it } from 'vitest';
import {
  containerActionsFor,
  createContainerBodySchema,
  imageReference,
  pullImageBodySchema,
  usesProviderRegistry,
} from './device-docker.ts';
import {
  containersSetIssues,
  isProtectedContainer,
  isProtectedImage,
} from './shadow-documents/containers.ts';

describe('container actions by status (spec 3 §4.4)', () => {
  it.each([
    ['created', ['start', 'delete']],
    ['exited', ['start', 'delete']],
    ['running', ['stop', 'kill', 'pause', 'restart']],
    ['restarting', ['stop', 'kill']],
    ['paused', ['unpause']],
  ] as const)('%s offers %j', (status, actions) => {
    expect(containerActionsFor(status)).toEqual(actions);
  });
});

describe('protected containers and images (spec 3 §6)', () => {
  it.each(['supervisor', 'fans', 'cloud', 'api-app', 'api-proxy', '/cloud'])('%s is protected', (name) => {
    expect(isProtectedContainer({ name })).toBe(true);
  });
  it('a container of the user is not', () => {
    expect(isProtectedContainer({ name: 'HTML5' })).toBe(false);
  });
  it('protects the stable-latest tags of the system images only', () => {
    expect(isProtectedImage({ tags: ['edgecaster/daemon:stable-latest'] })).toBe(true);
    expect(isProtectedImage({ tags: ['registry.example.com/videon/xml:stable-latest'] })).toBe(true);
    expect(isProtectedImage({ tags: ['edgecaster/daemon:1.2.3'] })).toBe(false);
    expect(isProtectedImage({ tags: ['nginx:stable-latest'] })).toBe(false);
    expect(isProtectedImage({ tags: [] })).toBe(false);
  });
});

describe('Create Container (spec 3 §4.5, §5)', () => {
  it('forces retries to 0 with the restart policy always, and keeps them with on-failure', () => {
    const always = createContainerBodySchema.parse({
      name: 'HTML5',
      image_id: 'sha256:1',
      restart_policy: { name: 'always', MaximumRetryCount: 5 },
    });
    expect(always.restart_policy).toEqual({ name: 'always', MaximumRetryCount: 0 });
    const onFailure = createContainerBodySchema.parse({
      name: 'HTML5',
      image_id: 'sha256:1',
      restart_policy: { name: 'on-failure', MaximumRetryCount: 3 },
    });
    expect(onFailure.restart_policy).toEqual({ name: 'on-failure', MaximumRetryCount: 3 });
  });
  it.each([
    [{ name: 'my web', image_id: 'x' }, 'Name may contain only letters and digits'],
    [{ name: 'web', image_id: '' }, 'Image is required'],
    [{ name: 'web', image_id: 'x', environment: [{ value: 'v' }] }, 'Key is required'],
    [
      { name: 'web', image_id: 'x', volumes: [{ host_path: '/a', mode: 'rw' }] },
      'Container path is required',
    ],
  ])('refuses %j', (body, message) => {
    const parsed = createContainerBodySchema.safeParse(body);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('Pull Image (spec 3 §5)', () => {
  it('defaults the tag to latest and drops blank credentials (the published script sends "")', () => {
    expect(pullImageBodySchema.parse({ repository: 'nginx', username: '', password: '' })).toEqual({
      repository: 'nginx',
      tag: 'latest',
    });
    expect(
      pullImageBodySchema.parse({ repository: 'nginx', tag: '1', username: 'me', password: 'pw' }),
    ).toEqual({ repository: 'nginx', tag: '1', username: 'me', password: 'pw' });
  });
  it('names the image by repository and tag unless the repository carries its tag', () => {
    expect(imageReference('nginx', 'latest')).toBe('nginx:latest');
    expect(imageReference('videonlabs/html5-graphics-renderer:latest', 'latest')).toBe(
      'videonlabs/html5-graphics-renderer:latest',
    );
    expect(imageReference('registry.example.com:5000/app', '2')).toBe('registry.example.com:5000/app:2');
  });
  it('recognises the provider registry by ecr in the repository', () => {
    expect(usesProviderRegistry('123.dkr.ecr.us-east-1.amazonaws.com/app')).toBe(true);
    expect(usesProviderRegistry('nginx')).toBe(false);
  });
});

describe('a Containers set (issue 27: rules the server enforces)', () => {
  const reported = {
    containers: [
      { id: 'a1', name: 'supervisor', image: 'edgecaster/supervisor:stable-latest', status: 'running' },
      { id: 'b2', name: 'HTML5', image: 'videonlabs/html5:latest', status: 'running' },
    ],
  };
  const context = (docker: boolean) => ({
    product: 'edgecaster' as const,
    entitlements: { 'services.docker.enabled': docker },
    documents: { Containers: reported },
  });
  const set = (id: string) => ({ containers: [{ id, config: { url: 'x' } }] });

  it('needs the Docker licence', () => {
    expect(containersSetIssues(set('b2'), context(false))).toEqual([
      { path: [], message: 'This device is not licensed for Containers.' },
    ]);
  });
  it('names only containers the device reported, and never a protected one', () => {
    expect(containersSetIssues(set('zz'), context(true))).toEqual([
      { path: ['containers', 0, 'id'], message: 'The device has no container zz.' },
    ]);
    expect(containersSetIssues(set('a1'), context(true))).toEqual([
      { path: ['containers', 0], message: 'This is a system container: it cannot be changed.' },
    ]);
    expect(containersSetIssues(set('b2'), context(true))).toEqual([]);
  });
});
