import { onTestFinished, vi } from 'vitest';

/**
 * jsdom has no object URLs: stands in `URL.createObjectURL` (answering `create(blob)`) and a
 * `revokeObjectURL` spy for the current test, and takes them away when it finishes, so no later test
 * file (the suite shares one jsdom) finds them.
 */
export function stubObjectUrls(create: (blob: Blob) => string = (blob) => `blob:${blob.type}`) {
  const createObjectURL = vi.fn(create);
  const revokeObjectURL = vi.fn();
  const saved = ['createObjectURL', 'revokeObjectURL'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const,
  );
  Object.defineProperty(URL, 'createObjectURL', {
    value: createObjectURL,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    value: revokeObjectURL,
    configurable: true,
    writable: true,
  });
  onTestFinished(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else delete (URL as unknown as Record<string, unknown>)[name];
    }
  });
  return { createObjectURL, revokeObjectURL };
}
