import { dropsClause, has, type Rule } from "./rule";

// What a task needs before and around the work: a Risks section for named topics ("you forgot
// the security implications") and acceptance criteria ("nobody said what done looks like").

/** Topics people name, in the words the Risks clause uses. */
const TOPICS: [RegExp, string][] = [
  [/\bsecurity\b|\bsecure\b|\bvulnerab\w*|\bexploit\w*|\bxss\b|\bcsrf\b|\binjection\b/, "security"],
  [/\bbilling\b|\bpayments?\b|\binvoic\w*|\brefunds?\b/, "billing"],
  [/\bprivacy\b|\bgdpr\b|\bpersonal data\b|\bpii\b|\bdata protection\b/, "privacy"],
  [/\bdata loss\b|\blos(?:e|ing) data\b|\bbackups?\b/, "data loss"],
  [/\bmigrations?\b/, "migrations"],
  [/\bcompliance\b|\bregulat\w*/, "compliance"],
  [/\bperformance\b|\blatency\b/, "performance"],
  [/\bdowntime\b|\boutages?\b/, "downtime"],
  [/\bauthentication\b|\bsso\b|\blog-?ins?\b|\bpermissions?\b|\baccess control\b/, "authentication"],
];
const topicsIn = (t: string) => TOPICS.filter(([re]) => re.test(t)).map(([, topic]) => topic);
const RISK_CUE =
  /\b(?:forgot|forget|forgetting|forgotten|missed|missing|no mention|didn't mention|did not mention|doesn't mention|never mentioned|not mentioned|ignored|ignores|overlooked|nothing (?:about|on)|what about|left out|no word (?:about|on)|(?:should|must|needs? to|has to|have to) (?:mention|flag|cover|consider|call out|note|include|address)|(?:flag|call out|mention) (?:the )?(?:\w+ )?(?:risks?|implications?|impact))\b/;

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
