import { LANGUAGES, type Language } from "../policy";
import { dropsClause, has, type Rule } from "./rule";

// How the agent behaves: status changes ("don't mark it done, we decide that", "it closed the
// task with items open") and the language it writes in ("in German please").

const STATUS_WORDS = /\b(?:status|done|closed|resolved|complete|finished)\b/;
export const status: Rule = {
  kind: "status.mode",
  needs: null,
  complaint: (p) => {
    const { t } = p;
    const about = p.subjects.has("status") || STATUS_WORDS.test(t);
    if (!about) return null;
    if (dropsClause(t, "status")) return { stance: "against" };
    // Complaints that the status is never changed come first: "it never updates the status" is not "never change the status".
    if (
      has(/\b(?:it|agents?|they|the bot|the agent) (?:never|doesn't|didn't|does not|did not|forgot to|forgets to|won't)\s+(?:\w+\s+){0,2}?(?:update|change|propose|move|set|close|mark)\w*\b|\bforg[eo]t to (?:update|change|move|close|set|mark)\b|\bstatus (?:is|was|stays|stayed|remains|remained) (?:stale|out of date|outdated|unchanged)\b|\bplease (?:do )?(?:propose|update|change|keep updating) (?:the )?status\b/, t)
    ) {
      return { stance: "against" };
    }
    const never =
      new RegExp(String.raw`(?:^|\b(?:please|just|and|so|then)\s+|[,:;]\s*)(?:don't|do not|never|stop|quit)\s+(?:\w+\s+){0,2}?(?:mark|set|mov|clos|chang|touch|propos|updat|flip|resolv)\w*\b`).test(t) ||
      has(/\bwe (?:decide|close|set|mark)\b|\b(?:not|isn't|is not) (?:your|the agent's|its|an agent's) (?:call|decision|job)\b|\bleave (?:the )?status\b|\b(?:status|closing|done) is (?:ours|our call|for us|up to us)\b|\b(?:humans?|people|the team|the assignee|the owner) (?:decides?|sets?|closes?|marks?)\b/, t);
    if (never) return { stance: "want", mode: "never" };
    const early =
      has(/\b(?:(?:marked|set|moved|flipped|declared|called|proposed)\b[^.]{0,20}?\b(?:done|closed|resolved|complete|finished)|closed|resolved)\b[^.]{0,40}?\b(?:too early|prematurely|too soon|early|before|although|while|with (?:open|unchecked|unticked|unfinished|pending)|but (?:\S+ )?(?:items?|steps?|things) (?:were|are|was|is) (?:still )?(?:open|unchecked|left|pending))\b/, t) ||
      has(/\bonly (?:mark|close|propose|set|move)\b[^.]*\bwhen\b/, t) ||
      (p.subjects.has("status") && has(/\b(?:wasn't|was not|isn't|is not|weren't) (?:actually |really |even )?(?:done|finished|complete)\b/, t));
    return early ? { stance: "want", mode: "whenSupported" } : null;
  },
};

const LANGUAGE_WORDS: [RegExp, Language][] = [
  [/\bauf deutsch\b|\bdeutsch bitte\b/, "German"],
  [/\ben fran[cç]ais\b/, "French"],
  [/\ben espa[nñ]ol\b/, "Spanish"],
];
function languageIn(t: string): Language | null {
  for (const [re, language] of LANGUAGE_WORDS) if (re.test(t)) return language;
  const m = /\b(?:in|into|to)\s+(english|german|french|spanish)\b|\b(english|german|french|spanish)\s+(?:please|pls|bitte|only)\b/.exec(t);
  const name = m?.[1] ?? m?.[2];
  return name ? (LANGUAGES.find((l) => l.toLowerCase() === name) ?? null) : null;
}
export const language: Rule = {
  kind: "language",
  needs: null,
  complaint: ({ t }) => {
    const lang = languageIn(t);
    if (!lang) return null;
    if (has(/\b(?:no need to|don't|do not|stop) (?:write|writ|answer|repl|respond)\w* in\b/, t)) return { stance: "against", language: lang };
    // A request, not a remark: "the customer wrote in German" and "do we answer in English?" ask for nothing.
    const asks = has(/\b(?:please|pls|bitte|should|must|needs? to|want|could you|can you|would (?:you|be)|prefer|translate|switch|only|always)\b|^(?:write|answer|reply|respond|report|use)\b/, t);
    const question = t.trim().endsWith("?") && !has(/\b(?:please|pls|bitte)\b/, t);
    return asks && !question ? { stance: "want", language: lang } : null;
  },
  praise: ({ t }) => languageIn(t) !== null,
};
