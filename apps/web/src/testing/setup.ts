import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { preferences } from '../lib/preferences';
import { sessionStore } from '../lib/session/session-store';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
  localStorage.clear();
  preferences.resetCache();
});
