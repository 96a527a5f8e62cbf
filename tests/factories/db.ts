import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";

// Factories write through a Prisma client of their own on DATABASE_URL: the same code then seeds
// the integration tests (Vitest) and the e2e specs (Playwright, where the app's server-only modules
// cannot load). A spec that seeds another database passes its own client as the last argument.
export type FactoryDb = PrismaClient;

let client: PrismaClient | undefined;

export function factoryDb(): PrismaClient {
  client ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  return client;
}

export async function disconnectFactoryDb() {
  await client?.$disconnect();
  client = undefined;
}
