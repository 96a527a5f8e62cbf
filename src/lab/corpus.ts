import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { Streams } from "./random";

// The tickets the simulated team works on (lab/tickets.json: support and engineering tickets of
// every kind — bugs, requests, questions, incidents, chores — short and long, with and without
// acceptance criteria or dates). Each week takes the next tickets of a seeded shuffle, reshuffled
// when the corpus runs out, so a run of many weeks sees every ticket before any repeats.

export const DEFAULT_TICKETS = fileURLToPath(new URL("../../lab/tickets.json", import.meta.url));

const TicketSchema = z.strictObject({
  id: z.string().min(1),
  area: z.string().trim().min(1).max(60),
  kind: z.enum(["bug", "request", "question", "incident", "chore"]),
  title: z.string().trim().min(3).max(200),
  description: z.string().trim().max(4000),
});
export type CorpusTicket = z.output<typeof TicketSchema>;

export function loadTickets(file = DEFAULT_TICKETS): CorpusTicket[] {
  const parsed = z.array(TicketSchema).min(1).safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/** The tickets of each week, in order: `perWeek` at a time from seeded shuffles of the corpus. */
export function ticketStream(tickets: CorpusTicket[], rng: Streams) {
  const queue: CorpusTicket[] = [];
  let round = 0;
  return (perWeek: number): CorpusTicket[] => {
    while (queue.length < perWeek) queue.push(...rng("tickets", round++).shuffle(tickets));
    return queue.splice(0, perWeek);
  };
}
