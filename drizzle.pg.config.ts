// drizzle-kit for the PostgreSQL dialect (DATABASE_URL): `npm run db:generate:pg` writes
// db/migrations-pg from db/schema.pg.ts. Generating needs no server.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.pg.ts',
  out: './db/migrations-pg',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost/iconmeta' },
});
