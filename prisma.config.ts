// Prisma CLI configuration. The server applies migrations itself (see apps/server/src/db/migrate.ts);
// this file lets `prisma generate` and, where Prisma's engine is available, `prisma migrate status`
// work on the same folders.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/portail' },
});
