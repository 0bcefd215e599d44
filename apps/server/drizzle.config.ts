import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each feature declares its tables beside its code; shared ones live in src/db.
  schema: ['./src/db/*.schema.ts', './src/features/*/*.schema.ts'],
  out: './migrations',
});
