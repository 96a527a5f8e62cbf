// Child process of bench/embedded-runtime.ts: times the dashboard read models (the workspace
// health and one template's dashboard, as their pages call them) against DATABASE_URL, which the
// app's db module reads once per process. Prints one JSON line: { [readModel]: number[] (ms) }.
import { getFeedbackBreakdown } from "@/features/feedback/server/queries";
import { getActiveInstances, getTemplateGrowth, getTemplateMetrics, getTemplateMttr, getVersionPerformance, getWindowSeries, getWorkspaceHealth } from "@/features/dashboards/server/queries";
import { db } from "@/server/db";

const RUNS = Number(process.env.PROBE_RUNS ?? 30);
const days = 30;

const workspace = await db.workspace.findUniqueOrThrow({ where: { slug: "demo" } });
const template = await db.agentTemplate.findFirstOrThrow({ where: { workspaceId: workspace.id, level: 0 }, orderBy: { name: "asc" } });
const scope = { workspaceId: workspace.id, templateId: template.id };
const cases: Record<string, () => Promise<unknown>> = {
  "workspace health": () => getWorkspaceHealth({ workspaceId: workspace.id }),
  "template metrics": () => getTemplateMetrics({ ...scope, days }),
  mttr: () => getTemplateMttr({ ...scope, days }),
  growth: () => getTemplateGrowth(scope),
  "active instances": () => getActiveInstances({ ...scope, days }),
  "version performance": () => getVersionPerformance(scope),
  "window series": () => getWindowSeries({ ...scope, days }),
  "feedback breakdown": () => getFeedbackBreakdown({ ...scope, days }),
};
const out: Record<string, number[]> = {};
for (const [name, run] of Object.entries(cases)) {
  await run(); // warm the pool and the plan cache
  out[name] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    out[name].push(performance.now() - t);
  }
}
console.log(JSON.stringify(out));
await db.$disconnect();
