import { factoryDb, type FactoryDb, makeAgentRow, makeFeedbackItem, makeObservation, makeTemplateRow, makeWorkspace } from "../../../factories";

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

/** Written feedback the classifier labelled with these confidences (newest last): "Check labels" lists those below 0.6. */
export const UNSURE = [
  { text: "Bulk: not relevant any more", confidence: 0.5 },
  { text: "Yes, go ahead.", confidence: 0.2 },
  { text: "Fine, whatever.", confidence: 0.4 },
  { text: "Thanks, perfect summary.", confidence: 0.95 },
] as const;

// A workspace whose written feedback was labelled by the classifier, some of it unsure: what
// "Check labels" shows, least sure first.
export async function createLabelQueueWorkspace(db: FactoryDb = factoryDb()) {
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Lee Labels" } }, db);
  const { template } = await makeTemplateRow(workspace.id, { name: "Ticket Triage", versions: [{ directives: "Triage tickets." }] }, db);
  const agent = await makeAgentRow(template, { displayName: "Triager" }, db);
  for (const [i, { text, confidence }] of UNSURE.entries()) {
    await makeFeedbackItem(agent, { detail: text, sentiment: "negative", category: "accuracy", confidence, classifiedBy: "model", occurredAt: new Date(Date.now() - (UNSURE.length - i) * 60_000) }, db);
  }
  // A second agent wrote the first text too, read the same way: the queue lists it once (×2).
  const second = await makeAgentRow(template, { displayName: "Triager 2" }, db);
  await makeFeedbackItem(second, { detail: UNSURE[0].text, sentiment: "negative", category: "accuracy", confidence: UNSURE[0].confidence, classifiedBy: "model", occurredAt: new Date(Date.now() - 60 * 60_000) }, db);
  return { workspace, owner, template, agent };
}
