import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table is declared in src/db/tables: any floor may read a table's shape.
  schema: ['./src/db/tables/*.schema.ts'],
  out: './migrations',
});
