import { defineConfig } from 'drizzle-kit';

// Generates reviewed SQL migrations from the schema; they are applied at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
