/** An SRT output entry as a device reports it (tests' fixture): caller mode, encrypted, enabled. */
export const srtOutput = (id: number | false, config: Record<string, unknown> = {}) => ({
  id,
  type: 'srt',
  config: {
    enable: true,
    name: 'SRT to production',
    sources: { video: [1], audio: [], data: [] },
    call_mode: 'CALLER',
    destination_ip: 'srt.example.com',
    destination_port: 9000,
    encryption_enabled: true,
    passphrase: 'a-secret-passphrase',
    ...config,
  },
});
