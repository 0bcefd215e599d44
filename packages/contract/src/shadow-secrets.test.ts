import { describe, expect, it } from 'vitest';
import { maskShadowSecrets, SECRET_MASK } from './shadow-secrets.ts';

describe('maskShadowSecrets', () => {
  it('masks every secret that is set, at any depth, and nothing else', () => {
    const document = {
      config: { device_name: 'Stage', xml: { enabled: true, username: 'feed', password: 'hunter2' } },
      outputs: [
        { id: 1, config: { passphrase: 'a long passphrase', encryption_key: '', stream_key: 'live' } },
        {
          id: 2,
          config: { service_data: '{"secret_key":"k"}', ftp_config: { sftp_key: 'KEY', password: null } },
        },
      ],
    };
    expect(maskShadowSecrets(document)).toEqual({
      config: { device_name: 'Stage', xml: { enabled: true, username: 'feed', password: SECRET_MASK } },
      outputs: [
        { id: 1, config: { passphrase: SECRET_MASK, encryption_key: '', stream_key: 'live' } },
        {
          id: 2,
          config: { service_data: SECRET_MASK, ftp_config: { sftp_key: SECRET_MASK, password: null } },
        },
      ],
    });
    expect(document.config.xml.password).toBe('hunter2');
  });

  it('leaves values that are not documents as they are', () => {
    expect(maskShadowSecrets(null)).toBeNull();
    expect(maskShadowSecrets('password')).toBe('password');
    expect(maskShadowSecrets([1, 'two'])).toEqual([1, 'two']);
  });
});
