import { factoryDb, type FactoryDb, makeAgentRow, makeObservation, makeTemplateRow, makeWorkspace } from "../../../factories";

/** Praise, noted by three agents in their own words: the positive pattern the page must show as praise. */
export const PRAISE = [
  "Sam sent my reply exactly as drafted and said the tone was perfect.",
  "Priya forwarded my summary to the customer unchanged and called it clear and friendly.",
  "The customer answered my draft: thanks, that explanation was really clear.",
] as const;
export const COMPLAINT = "Priya rewrote my whole reply before sending it: too long and too formal.";

// A template whose agents wrote observations just now, not labeled yet: they wait for the
// classifier (the background job, or "Classify new feedback" on the template page).
export async function createFeedbackWorkspace(db: FactoryDb = factoryDb()) {
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Fay Feedback" } }, db);
  const { template } = await makeTemplateRow(workspace.id, { name: "Support Replies", versions: [{ directives: "Answer support tickets." }] }, db);
  const agents = [];
  for (let i = 0; i < PRAISE.length; i++) agents.push(await makeAgentRow(template, { displayName: `Replier ${i + 1}` }, db));
  for (const [i, text] of PRAISE.entries()) await makeObservation(agents[i], { text }, db);
  await makeObservation(agents[0], { text: COMPLAINT }, db);
  return { workspace, owner, template, agents };
}
