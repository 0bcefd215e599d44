/**
 * The scaling resolutions a video encoder offers (spec 3 §9): passthrough, then sizes up to
 * 3840x2160. Daemons from v10.3.0 offer additional sizes; an input rotated by 90 or 270 degrees also
 * offers each size upright (height over width). The sizes between the spec's ends are ours.
 */
export const PASSTHROUGH_RESOLUTION = 'passthrough';
const STANDARD_SIZES = ['640x360', '1280x720', '1920x1080', '3840x2160'] as const;
const ADDITIONAL_SIZES = ['426x240', '854x480', '960x540', '1600x900', '2560x1440'] as const;

const pixels = (size: string) => size.split('x').reduce((product, side) => product * Number(side), 1);
const upright = (size: string) => size.split('x').reverse().join('x');

export function scalingResolutions(options: { additional: boolean; rotation: unknown }): string[] {
  const sizes = [...STANDARD_SIZES, ...(options.additional ? ADDITIONAL_SIZES : [])].sort(
    (a, b) => pixels(a) - pixels(b),
  );
  const rotated = options.rotation === 90 || options.rotation === 270;
  return [PASSTHROUGH_RESOLUTION, ...sizes, ...(rotated ? sizes.map(upright) : [])];
}
