/** The eleven output types of spec 3 §2.4 and §3.4; each is also licensed by daemon.output.{type}.limit. */
export const OUTPUT_TYPES = [
  'unicast',
  'multicast',
  'rtmp',
  'rtsp',
  'http_push',
  'http_pull',
  'srt',
  'zixi',
  'file',
  'whip',
  'thumbnail',
] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

export const OUTPUT_TYPE_LABELS: Record<OutputType, string> = {
  unicast: 'Unicast',
  multicast: 'Multicast',
  rtmp: 'RTMP',
  rtsp: 'RTSP',
  http_push: 'HTTP Push',
  http_pull: 'HTTP Pull',
  srt: 'SRT',
  zixi: 'Zixi',
  file: 'File',
  whip: 'WHIP',
  thumbnail: 'Thumbnail',
};

export const isKnownOutputType = (type: unknown): type is OutputType =>
  (OUTPUT_TYPES as readonly unknown[]).includes(type);
