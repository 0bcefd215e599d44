import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { preferences } from '../lib/preferences';
import { sessionStore } from '../lib/session/session-store';

// findBy* and waitFor give up after 1 s by default; a lazy chunk or a page render can take longer on a
// 2-core machine that runs the server tests beside this suite.
configure({ asyncUtilTimeout: 5000 });

// The suite shares one jsdom per worker (decision 66): whatever a test changes of it is undone here.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.clear();
  localStorage.clear();
  preferences.resetCache();
});
