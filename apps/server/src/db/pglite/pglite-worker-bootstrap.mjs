// The PGlite thread's entry: it registers tsx, as the server itself runs through it, then loads the
// TypeScript worker. Plain JavaScript, since nothing can compile TypeScript before tsx is registered.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
