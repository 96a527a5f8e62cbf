import { dropsClause, has, type Rule } from "./rule";

// What a task needs before and around the work: a Risks section for named topics ("you forgot
// the security implications") and acceptance criteria ("nobody said what done looks like").

/**
 * Topics people name, in their own word: the built-in task agent looks for the clause's topic
 * words in the task's text, so "GDPR" stays "gdpr" rather than becoming "privacy".
 */
const TOPIC_WORDS =
  /\b(security|vulnerabilit(?:y|ies)|billing|payments?|invoic(?:e|es|ing)|refunds?|privacy|gdpr|personal data|pii|data protection|data loss|backups?|data exports?|migrations?|compliance|regulations?|performance|latency|downtime|outages?|authentication|sso|log-?ins?|permissions?|access control)\b/g;
/** One form per topic: singular ("refunds" → "refund"), "invoicing" → "invoice". */
const topicForm = (w: string) => (w.startsWith("invoic") ? "invoice" : w.endsWith("ies") ? `${w.slice(0, -3)}y` : /[^s]s$/.test(w) && w.length > 4 ? w.slice(0, -1) : w);
const topicsIn = (t: string) => [...new Set([...t.matchAll(TOPIC_WORDS)].map((m) => topicForm(m[1]!)))];
const RISK_CUE =
  /\b(?:forgot|forget|forgetting|forgotten|missed|missing|no mention|didn't mention|did not mention|doesn't mention|never mentioned|not mentioned|nobody (?:mentioned|flagged|considered|thought about)|ignored|ignores|overlooked|nothing (?:about|on)|what about|left out|no word (?:about|on)|(?:should|must|needs? to|has to|have to) (?:mention|flag|cover|consider|call out|note|include|address)|(?:flag|call out|mention) (?:the )?(?:\w+ )?(?:risks?|implications?|impact))\b/;

export const risks: Rule = {
  kind: "risks.topics",
  needs: null,
  complaint: ({ t }) => {
    if (has(/\brisks? (?:section )?(?:is|are|was|were) (?:just )?(?:noise|overkill|not needed|useless|padding|boilerplate)\b|\bno need for (?:a |the )?risks?\b|\b(?:drop|remove|skip) the risks?(?: section)?\b/, t)) return { stance: "against" };
    const topics = topicsIn(t);
    return topics.length && RISK_CUE.test(t) ? { stance: "want", topics } : null;
  },
  praise: ({ t }) => has(/\brisks?\b/, t) || (topicsIn(t).length > 0 && has(/\b(?:flag\w*|call\w* out|mention\w*|caught|spotted)\b/, t)),
};

const CRITERIA = /\bacceptance criteria\b|\bdefinition of done\b|\bwhat (?:"?done"?|finished|success) (?:looks like|means|is)\b|\bdone criteria\b|\bsuccess criteria\b|\bwhen (?:it|this|the task|the ticket) (?:is|counts as) (?:done|finished|complete)\b|\bhow (?:do|would|will|should) (?:we|they|i|you) know (?:it|we|this)?(?:'s|'re| is| are)? ?(?:done|finished)\b/;
export const criteria: Rule = {
  kind: "criteria.ask",
  needs: null,
  complaint: ({ t }) => {
    if (!CRITERIA.test(t) && !dropsClause(t, "criteria|acceptance")) return null;
    if (has(/\b(?:stop|don't|do not|quit|no need to)\s+(?:\w+\s+){0,2}?(?:ask\w*|request\w*|demand\w*)\b|\b(?:every|each) (?:single )?time\b|\bannoying\b|\btedious\b/, t) || dropsClause(t, "criteria|acceptance")) {
      return { stance: "against" };
    }
    return { stance: "want" };
  },
  praise: ({ t }) => CRITERIA.test(t),
};
