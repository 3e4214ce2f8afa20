// The start-up seeding's process (seed-process.ts): receives what to seed, opens its own Prisma
// client on the database, runs the seeds of startup-seed.ts, answers the result and exits, handing
// back to the system everything the seeds allocated (the generated registry, the demo documents drawn
// with pdfkit, the query compiler's memory, the allocator's leftovers).
import { createDatabase } from '../db/prisma.ts';
import { createFileStorage } from '../storage/index.ts';
import type { SeedOrder, SeedReply } from './seed-process.ts';
import { seedAtStartup } from './startup-seed.ts';

async function seed(order: SeedOrder): Promise<SeedReply> {
  const db = createDatabase(order.databaseUrl);
  try {
    const result = await seedAtStartup({ db, databaseUrl: order.databaseUrl, demo: order.demo, state: order.state, storage: () => createFileStorage(order.storage) });
    return { result };
  } catch (error) {
    return { error: { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined } };
  } finally {
    await db.$disconnect().catch(() => {});
  }
}

// The server gone (killed, or stopped during the seeding): nothing to answer to.
process.once('disconnect', () => process.exit(1));
process.once('message', (order: SeedOrder) => {
  void seed(order).then((reply) => process.send!(reply, () => process.exit(reply.result ? 0 : 1)));
});
