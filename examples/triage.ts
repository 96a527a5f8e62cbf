// The example agent's work: your agent calls its model with the directives; this one applies two
// rules, so what it does is plain to see. Shared by the agent (support-agent.ts) and its replay
// endpoint (replay-endpoint.ts): a replay must run the same code as the agent.

export type Ticket = { title: string; body: string };

export function triage(directives: string, ticket: Ticket) {
  const urgent = /refund|charge|payment/i.test(ticket.title + ticket.body);
  const brief = /brief|short|one sentence/i.test(directives);
  const reason = urgent ? "Money owed to the customer: answer today." : "No payment involved.";
  return { priority: urgent ? "high" : "normal", estimateMinutes: urgent ? 20 : 45, note: brief ? reason : `${reason} Ticket: ${ticket.title}.` };
}
