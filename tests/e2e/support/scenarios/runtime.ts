import { factoryDb, type FactoryDb, makeTemplateRow, makeWorkspace } from "../../../factories";

/** A workspace with one owner and a template whose runs self-refine against three gates. */
export async function createRuntimeWorkspace(db: FactoryDb = factoryDb()) {
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Rita Runtime" } }, db);
  const { template } = await makeTemplateRow(workspace.id, {
    name: "Planning Assistant",
    description: "Breaks tasks into steps",
    refineConfig: {
      gates: [
        { name: "completeness", description: "Checklist, estimate and a report with next steps and risks", threshold: 0.9, weight: 0.4 },
        { name: "actionability", description: "Checklist items start with a verb", threshold: 0.9, weight: 0.3 },
        { name: "clarity", description: "The report has a short summary", threshold: 0.8, weight: 0.3 },
      ],
      qualityThreshold: 0.9,
      maxIterations: 5,
      models: {},
    },
    versions: [{ directives: "You help people plan their tasks. Propose concrete, verb-first steps and an honest estimate." }],
  }, db);
  return { owner, workspace, template };
}
