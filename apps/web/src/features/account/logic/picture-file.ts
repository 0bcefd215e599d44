import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@ec/contract/account';

const MAX_MIB = PROFILE_PICTURE_MAX_BYTES / 1024 / 1024;
export const PICTURE_HINT = `PNG or JPEG, up to ${MAX_MIB} MiB.`;
export const PICTURE_TYPE_MESSAGE = 'The picture must be a PNG or JPEG image.';
export const PICTURE_SIZE_MESSAGE = `The picture must be ${MAX_MIB} MiB or smaller.`;

/** Why a chosen file cannot be a profile picture (PNG or JPEG up to 1 MiB), or null when it can. */
export function pictureFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_TYPE_MESSAGE;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PICTURE_SIZE_MESSAGE;
  return null;
}
