// Improver role: a placeholder until the one-on-one issue defines its prompt and tools. It answers
// briefly so the flow that calls it can be wired and demonstrated offline.

export function improveReply(json: boolean): string {
  const summary = "The built-in model does not propose directive changes yet. Set AI_PROVIDER to use a hosted or local model for improvements.";
  return json ? JSON.stringify({ summary, proposals: [] }) : summary;
}
