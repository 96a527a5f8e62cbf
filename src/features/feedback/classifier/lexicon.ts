// Word groups written from general knowledge of how people judge an agent's work, not from the
// corpus: each group is one more feature ("lex:<group>"), so a word the training texts never used
// still counts with the words of its group. The weights learn how much each group says.
// An entry ending in * is a prefix; the others are whole words (lowercase, before stemming).

export const LEXICON: Record<string, string[]> = {
  praise: [
    "great", "good", "excellent", "perfect*", "thank*", "thx", "love*", "lovely", "nice*", "brilliant*", "awesome", "amazing", "impress*", "solid", "helpful", "useful",
    "fantastic", "wonderful", "superb", "stellar", "outstanding", "neat", "kudos", "bravo", "appreciat*", "glad", "happy", "pleased", "delighted", "best", "better", "improv*",
    "nailed", "spot-on", "flawless*", "smooth*", "well", "clean", "crisp", "tidy", "precise*", "thorough*", "helped", "saved", "rescued", "praised", "liked", "enjoyed",
    "exactly", "ideal", "top", "fine", "works", "worked", "correct", "correctly", "accurate*", "right", "clear*", "concise*", "timely", "prompt*", "quick*", "fast*", "efficient*", "sharp",
  ],
  complaint: [
    "wrong*", "incorrect*", "inaccura*", "bad", "badly", "poor*", "terrible", "awful", "horrible", "useless", "pointless", "worthless", "broken", "broke", "fail*", "error*", "mistake*", "mistaken",
    "miss*", "forgot*", "forget*", "ignor*", "neglect*", "overlook*", "late*", "slow*", "delay*", "overdue", "stale", "outdated", "confus*", "unclear", "vague*", "verbose", "wordy",
    "rambl*", "redundant*", "duplicat*", "twice", "again", "repeat*", "noisy", "spam*", "annoy*", "frustrat*", "upset*", "complain*", "angry", "disappoint*", "worse", "worst",
    "sloppy", "careless*", "messy", "mess", "redo*", "redid", "rewr*", "undo*", "revert*", "reopen*", "blocked", "stuck", "unusable", "unreadable", "irrelevant", "unnecessary",
    "needless*", "excessive*", "overkill", "too", "inflated", "misread*", "miscount*", "misclass*", "misunderst*", "mislabel*", "instead", "should", "shouldn't", "stop",
    "sorry", "apologi*", "embarrass*", "cringe", "ugh", "meh", "nope", "hate*", "lost", "leak*", "wasted", "waste*", "unhelpful", "unacceptable",
  ],
  // Someone changed the agent's work: a correction, whatever the words around it.
  edited: [
    "corrected", "correction*", "rewrote", "rewritten", "rework*", "redid", "redone", "fixed", "removed", "deleted", "dropped", "cut", "trimmed", "shortened",
    "lowered", "raised", "bumped", "re-routed", "rerouted", "reassigned", "moved", "changed", "replaced", "edited", "overrode", "overridden", "reverted", "undid",
    "split", "reopened", "renamed", "reworded", "rephrased", "downgraded", "upgraded",
  ],
  irony: ["oh", "wow", "sure", "thanks", "love", "loved", "great", "brilliant", "wonderful", "amazing", "glad", "record", "favourite", "favorite", "bold", "fresh", "joy", "lovely"],
  pending: [
    "fyi", "note*", "noted", "will", "pending", "waiting", "until", "hold*", "on-hold", "defer*", "postpon*", "tbd", "later", "scheduled", "queued", "planned", "plan*", "meanwhile",
    "next", "once", "after", "when", "whether", "if", "question*", "wondering", "could", "can", "would", "please", "let's", "maybe", "perhaps", "moving", "switching", "changing",
  ],
  accuracy: [
    "estimat*", "accura*", "inaccura*", "correct*", "incorrect*", "wrong*", "mistake*", "error*", "number*", "figure*", "amount*", "total*", "count*", "sum", "date*", "version*",
    "status*", "fact*", "data", "calcul*", "miscount*", "misread*", "inflated", "double-count*", "stale", "outdated", "revert*", "root", "cause", "diagnos*", "verif*", "match*",
    "reconcil*", "balanc*", "cent*", "typo*", "done", "closed", "resolved", "fixed", "deployed", "merged", "optimistic", "pessimistic", "low", "high", "off", "exact*", "precise*",
    "true", "false", "actual*", "real", "checked", "caught", "catch", "wrongly", "hallucinat*", "invented", "made-up", "assum*", "guess*", "underestimat*", "overestimat*",
  ],
  communication: [
    "tone", "wording", "word*", "formal", "informal", "friendly", "polite*", "rude*", "apolog*", "verbose", "long", "short*", "length*", "paragraph*", "bullet*", "sentence*",
    "summar*", "reply", "replies", "replied", "email*", "draft*", "message*", "read*", "readab*", "clear*", "clarity", "concise*", "jargon", "language*", "english", "french",
    "german", "spanish", "translat*", "explain*", "explanation*", "wrote", "writ*", "phras*", "table*", "format*", "headline*", "title*", "scan", "skim*", "understand*",
    "understood", "plain", "wordy", "ramble*", "letter*", "note*", "notes", "update*", "announce*", "voice", "empath*", "warm*", "cold", "blunt", "curt",
  ],
  prioritization: [
    "pointless", "irrelevant", "needed", "unneeded", "unnecessary", "now", "scope", "nice-to-have", "distraction*",
    "priorit*", "first", "order*", "urgent*", "urgency", "critical*", "blocker*", "blocking", "important*", "importance", "matter*", "p0", "p1", "p2", "p3", "p4", "sev*",
    "escalat*", "queue*", "backlog*", "focus*", "nice-to-have*", "optional", "rank*", "swap*", "meanwhile", "instead", "rather", "sooner", "earlier", "bigger", "biggest",
    "top", "most", "least", "main", "essential", "minor", "cosmetic", "trivial", "sequence", "before", "ahead", "postpone*", "deprioriti*", "impact*", "severity",
  ],
  tooling: [
    "already", "dup", "dupe*", "twice", "again", "redundant*", "list", "listed",
    "tool*", "checklist*", "proposal*", "propos*", "item*", "duplicat*", "jira", "linear", "hubspot", "salesforce", "zendesk", "slack", "api", "integration*", "webhook*", "export*",
    "import*", "template*", "search*", "merge*", "link*", "ticket*", "field*", "reassign*", "workflow*", "runbook*", "sandbox", "prod", "script*", "query", "queries", "dashboard*",
    "attach*", "log", "logs", "tracker", "crm", "sentry", "spreadsheet*", "sheet*", "form*", "label*", "tag*", "macro*", "automation*", "automat*", "bot", "endpoint*", "config*",
    "sync*", "calendar", "notion", "confluence", "github", "pr", "repo*", "database", "sql", "csv", "file*", "upload*", "download*", "access", "permission*", "create*", "created",
  ],
  timeliness: [
    "late*", "early", "earlier", "slow*", "fast*", "quick*", "delay*", "deadline*", "overdue", "hour*", "minute*", "min", "mins", "day*", "week*", "time*", "timing", "timely",
    "sla", "wait*", "soon", "yesterday", "tomorrow", "today", "tonight", "morning", "evening", "night", "weekend", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday", "am", "pm", "reminder*", "remind*", "follow-up*", "schedul*", "cutoff", "due", "window", "record", "stale", "moot", "relevant", "anymore", "outdated", "asap", "immediately", "prompt*",
    "response", "respond*", "wake*", "woke", "3am", "h", "hrs", "ago", "still", "finally", "punctual*", "on-time", "overnight", "holiday*", "january", "december",
  ],
  general: ["overall", "job", "work", "effort", "everything", "anything", "all", "run", "whole", "generally", "general", "keep", "more", "again", "ok", "okay", "thanks", "nope", "yes", "no"],
};

const exact = new Map<string, string[]>();
/** Prefix entries by their first three letters (every prefix has at least three), so a lookup checks a handful. */
const prefixes = new Map<string, { prefix: string; group: string }[]>();
for (const [group, entries] of Object.entries(LEXICON)) {
  for (const entry of entries) {
    if (entry.endsWith("*")) {
      const prefix = entry.slice(0, -1);
      const key = prefix.slice(0, 3);
      prefixes.set(key, [...(prefixes.get(key) ?? []), { prefix, group }]);
    } else exact.set(entry, [...(exact.get(entry) ?? []), group]);
  }
}

/** The lexicon groups a lowercase word belongs to (each at most once). */
export function lexiconGroups(word: string): string[] {
  const groups = new Set(exact.get(word));
  for (const { prefix, group } of prefixes.get(word.slice(0, 3)) ?? []) if (word.startsWith(prefix)) groups.add(group);
  return [...groups];
}
