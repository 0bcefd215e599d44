// The embedded broker thread's entry from source: it registers tsx, as the server itself runs through it,
// then loads the TypeScript thread. Plain JavaScript, since nothing can compile TypeScript before tsx is registered.
import { register } from 'tsx/esm/api';

register();
await import('./embedded-broker-thread.ts');
