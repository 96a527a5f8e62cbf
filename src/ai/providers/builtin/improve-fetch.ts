import type { LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import type { ImproverContext } from "./improve-context";
import { plural, quote } from "./improve-turn";
import { sentences, stripEnd, truncateWords } from "./text";

// fetch_instance_detail: which agent the person asks about, and a short summary of what came back.

const LOOK = /\b(?:look|check|fetch|show|open|inspect|details?|dig|see|review|happened|going on|why|what|how)\b/i;
// Ids have a digit (cuid, uuid, numbers): "agent the" or "agent reports" are not ids.
const ID = "([A-Za-z0-9_-]*\\d[A-Za-z0-9_-]*)";

/** The id of an agent the person asks to look at, when the reports or observations are about it. */
export function requestedAgent(ctx: ImproverContext, text: string): string | null {
  if (!ctx.agentIds.length || !(LOOK.test(text) || text.trim().endsWith("?"))) return null;
  for (const m of text.matchAll(new RegExp(`\\bagent\\s+[\`"']?${ID}`, "gi"))) {
    if (ctx.agentIds.includes(m[1])) return m[1];
  }
  // Else an id named on its own ("what happened with ck0001?").
  const tokens = new Set(text.split(/[^\w-]+/));
  return ctx.agentIds.find((id) => tokens.has(id)) ?? null;
}

/** One or two sentences about a fetched instance, whatever shape the tool returned. */
export function summariseInstance(agentId: string, output: LanguageModelV3ToolResultOutput): string {
  switch (output.type) {
    case "error-text":
    case "error-json":
      return `I couldn't fetch agent ${agentId}: ${stripEnd(truncateWords(typeof output.value === "string" ? output.value : JSON.stringify(output.value), 30))}.`;
    case "execution-denied":
      return `I wasn't allowed to fetch agent ${agentId}${output.reason ? `: ${output.reason}` : "."}`;
    case "text":
      return `Agent ${agentId}: ${firstSentences(output.value)}`;
    case "content":
      return `Agent ${agentId}: ${firstSentences(output.value.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n"))}`;
    case "json":
      return summariseJson(agentId, output.value);
  }
}

function firstSentences(text: string): string {
  const two = sentences(text).slice(0, 2).join(" ");
  return two ? truncateWords(two, 45) : "nothing to report.";
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/** Prose of a report: headings ("### 2026-11-02 (confidence 0.8)") and markers left out. */
function reportGist(markdown: string): string | null {
  const prose = markdown
    .split("\n")
    .filter((l) => !/^\s*#/.test(l) && !/^\[… truncated/.test(l.trim()))
    .join("\n");
  const two = sentences(prose).slice(0, 2).join(" ");
  return two ? truncateWords(two, 40) : null;
}

// Reads the one-on-one's instance detail ({ ok, agent, task, state, runs, reports, observations },
// or { ok: false, error }) and, failing that, any object with similar field names.
function summariseJson(agentId: string, value: unknown): string {
  if (typeof value === "string") return `Agent ${agentId}: ${firstSentences(value)}`;
  const o = obj(value);
  if (!o) return `Agent ${agentId}: ${truncateWords(JSON.stringify(value), 30)}`;
  if (o.ok === false) return `I couldn't fetch agent ${agentId}: ${stripEnd(str(o.error) ?? "no details")}.`;
  const agent = obj(o.agent);
  const task = obj(o.task);
  const name = str(agent?.name) ?? str(o.name) ?? str(o.displayName);
  const title = str(task?.title) ?? str(o.title);
  const status = str(task?.status) ?? str(o.status);
  const facts: string[] = [];
  if (title) facts.push(`task ${quote(title, 80)}${status ? ` (${status.replace(/_/g, " ")})` : ""}`);
  else if (status) facts.push(`status ${status.replace(/_/g, " ")}`);
  const runs = Array.isArray(o.runs) ? o.runs.map(obj).filter((r): r is Json => r !== null) : [];
  if (runs.length) {
    const last = runs[0];
    const detail = [str(last.outcome) ?? str(last.status), typeof last.qualityScore === "number" ? `quality ${last.qualityScore}` : null].filter(Boolean).join(", ");
    facts.push(`${plural(runs.length, "recent run")}${detail ? `, the latest ${detail}` : ""}`);
  }
  const observations = Array.isArray(o.observations) ? o.observations.length : 0;
  if (observations) facts.push(plural(observations, "observation"));
  const reportText = str(o.reports) ?? str(o.report) ?? str(o.latestReport) ?? str(o.summary) ?? str(o.markdown);
  const gist = reportText ? reportGist(reportText) : null;
  const who = `Agent ${name ? `${name} (${agentId})` : agentId}`;
  const first = facts.length ? `${who}: ${facts.join("; ")}.` : `${who}.`;
  return gist ? `${first} Its latest report says ${quote(gist, 300)}.` : first;
}
