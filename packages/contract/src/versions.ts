/**
 * Software versions as devices report them: 'V1.25.0', 'v10.5.2', '2.4.1', 'V1.0.0b16' (a beta of
 * 1.0.0, before it). Compared part by part as numbers; a beta sorts below its release.
 */
interface ParsedVersion {
  parts: number[];
  beta: number | undefined;
}

function parse(version: string): ParsedVersion | undefined {
  const match = /^[vV]?(\d+(?:\.\d+)*)(?:b(\d+))?(?:[-+].*)?$/.exec(version.trim());
  if (!match) return undefined;
  return {
    parts: match[1]!.split('.').map(Number),
    beta: match[2] === undefined ? undefined : Number(match[2]),
  };
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`; NaN when unreadable. */
export function compareVersions(a: string, b: string): number {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return Number.NaN;
  for (let i = 0; i < Math.max(left.parts.length, right.parts.length); i++) {
    const difference = (left.parts[i] ?? 0) - (right.parts[i] ?? 0);
    if (difference !== 0) return difference;
  }
  if (left.beta === right.beta) return 0;
  if (left.beta === undefined) return 1;
  if (right.beta === undefined) return -1;
  return left.beta - right.beta;
}

/** True when `version` is `minimum` or newer; an unreadable version is not. */
export const isAtLeast = (version: string | null | undefined, minimum: string) =>
  typeof version === 'string' && compareVersions(version, minimum) >= 0;
