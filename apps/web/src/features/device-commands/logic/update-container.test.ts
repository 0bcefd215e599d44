import { CONTAINER_NAME_RULE } from '@ec/contract/device-commands';
import { describe, expect, it } from 'vitest';
import {
  initialUpdateContainerDraft,
  updateContainerIssues,
  updateContainerRequest,
} from './update-container';

describe('update container (spec 2 §4.8, §5)', () => {
  it("starts with the spec's version tag and container name", () => {
    expect(initialUpdateContainerDraft()).toEqual({
      username: '',
      password: '',
      version_tag: 'R3.12.0',
      container_name: 'videon-gui',
    });
  });

  it('needs the credentials and a container name of letters and digits', () => {
    expect(updateContainerIssues(initialUpdateContainerDraft())).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    const draft = { ...initialUpdateContainerDraft(), username: 'me', password: 'pw' };
    expect(updateContainerIssues(draft)).toEqual({});
    expect(updateContainerIssues({ ...draft, container_name: 'gui; rm -rf /' })).toEqual({
      container_name: CONTAINER_NAME_RULE,
    });
    expect(updateContainerIssues({ ...draft, container_name: '-gui' })).toEqual({
      container_name: CONTAINER_NAME_RULE,
    });
  });

  it('sends the trimmed values', () => {
    const request = updateContainerRequest({
      username: ' me ',
      password: ' pw ',
      version_tag: ' R3.13.0 ',
      container_name: 'gui2',
    });
    expect(request).toEqual({
      command: 'update_nimbraedge_container',
      data: { username: 'me', password: ' pw ', version_tag: 'R3.13.0', container_name: 'gui2' },
    });
  });
});
