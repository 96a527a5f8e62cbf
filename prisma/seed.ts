// `npm run db:seed` (also run by `npm run dev`): the demo workspace, its team and its agents (two
// templates with six weeks of history: prisma/seed/demo-agents.ts) with their past one-on-ones
// (prisma/seed/one-on-ones.ts) and their graded predictions, and the improvers that hold the weekly rituals (prisma/seed/improvers.ts). Idempotent: re-running it changes nothing that exists; the agents
// and one-on-ones are skipped once the workspace has any template.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../src/generated/prisma/client";
import { classifyDemoFeedback } from "./seed/classify-feedback";
import { seedDemoAgents } from "./seed/demo-agents";
import { seedImprovers } from "./seed/improvers";

const url = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:54322/postgres";
const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });

export const DEMO_EMAIL = "demo@agent-coach.local";
export const DEMO_SLUG = "demo";

const people = [
  { email: DEMO_EMAIL, name: "Demo User", role: "owner" },
  { email: "sam.rivera@agent-coach.local", name: "Sam Rivera", role: "admin" },
  { email: "priya.nair@agent-coach.local", name: "Priya Nair", role: "member" },
  { email: "jordan.lee@agent-coach.local", name: "Jordan Lee", role: "viewer" },
] as const;

async function main() {
  const t0 = Date.now();
  const workspace = await prisma.workspace.upsert({
    where: { slug: DEMO_SLUG },
    update: {},
    create: { slug: DEMO_SLUG, name: "Demo Workspace" },
  });
  const ids = new Map<string, string>();
  for (const p of people) {
    const user = await prisma.user.upsert({
      where: { email: p.email },
      update: {},
      create: { email: p.email, name: p.name, emailVerified: new Date() },
    });
    await prisma.membership.upsert({
      where: { workspaceId_userId: { workspaceId: workspace.id, userId: user.id } },
      update: {},
      create: { workspaceId: workspace.id, userId: user.id, role: p.role },
    });
    ids.set(p.email, user.id);
  }
  const users = { owner: ids.get(people[0].email)!, admin: ids.get(people[1].email)!, member: ids.get(people[2].email)!, viewer: ids.get(people[3].email)!, byEmail: ids };
  const t1 = Date.now();
  const result = await seedDemoAgents(prisma, { workspaceId: workspace.id, users });
  const improvers = await seedImprovers(prisma, { workspaceId: workspace.id });
  const labeled = await classifyDemoFeedback(prisma, workspace.id);
  const graded = await gradeDemoHypotheses(workspace.id);
  console.log(`[seed] demo workspace "${workspace.slug}" ready in ${t1 - t0} ms`);
  if (improvers) console.log(`[seed] ${improvers} improvers created`);
  if (graded) console.log(`[seed] ${graded} past predictions graded from the seeded runs`);
  if (labeled) console.log(`[seed] ${labeled} written feedback texts labeled by the built-in classifier`);
  console.log(
    result.skipped
      ? "[seed] demo agents already present (the workspace has templates): skipped"
      : `[seed] demo agents in ${Date.now() - t1} ms: ${Object.entries(result.counts).map(([k, v]) => `${v} ${k}`).join(", ")}`,
  );
}

/**
 * The demo's past predictions graded as the first ritual after their check date would: by the
 * product's own grader (features/hypotheses) on the seeded runs and feedback, after the feedback is
 * labeled. Loaded only now: the app's database module reads DATABASE_URL when it loads (the seed
 * runs with "server-only" resolved to an empty module: scripts/lib/server-only).
 */
async function gradeDemoHypotheses(workspaceId: string): Promise<number> {
  process.env.DATABASE_URL ||= url;
  const { gradeDueHypotheses } = await import("../src/features/hypotheses/server/grade-due");
  const { db } = await import("../src/server/db");
  try {
    const templates = await prisma.hypothesis.findMany({ where: { workspaceId, outcome: "open", checkAt: { lte: new Date() } }, distinct: ["templateId"], select: { templateId: true } });
    let graded = 0;
    for (const { templateId } of templates) {
      const counts = await gradeDueHypotheses({ workspaceId, templateId });
      graded += counts.confirmed + counts.refuted + counts.inconclusive;
    }
    return graded;
  } finally {
    await db.$disconnect();
  }
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
