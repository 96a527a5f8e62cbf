import { dropsClause, has, type Rule } from "./rule";
import { MINUTE_UNIT, NUM, toNumber } from "./words";

// Estimate clauses: a rationale ("no idea where 3 hours comes from"), rounding ("47 minutes is
// silly"), ranges for risky work ("a single number for a risky migration").

export const rationale: Rule = {
  kind: "estimate.rationale",
  needs: "estimate",
  complaint: ({ t }) => {
    if (
      has(/\b(?:rationale|explanation|reasoning)s?(?: lines?| bits?)? (?:is|are|was|were) (?:just )?(?:noise|useless|pointless|unnecessary|not needed|too long|redundant)\b|\bno need (?:for|to) (?:the |a |an )?(?:rationale|explanation|explain\w*|justif\w*)\b|\b(?:skip|cut) the (?:rationale|explanation|reasoning)\b/, t) ||
      dropsClause(t, "rationale|explanation|reason")
    ) {
      return { stance: "against" };
    }
    const missing =
      /\bno idea (?:where|why|how)\b|\bwhere (?:does|do|did|is|are) .{0,40}\bcome from\b|\bcomes? from\b|\bwithout (?:any |an? |a single )?(?:explanation|reason(?:ing)?|rationale|justification|context)\b|\bno (?:explanation|reason(?:ing)?|rationale|justification)\b|\bunexplained\b|\bunjustified\b|\bout of thin air\b|\bpulled (?:out of|from)\b|\bmade up\b|\bbased on what\b|\bhow did (?:it|you|the agent|they) (?:get|arrive|come up)\b|\bexplain\w*\b|\bjustify\b|\bshow (?:the|your|its) (?:work|math|reasoning)\b|\bwhy (?:\d+|so|this|that|it|the)\b|\brationale\b|\breasoning\b/;
    return missing.test(t) ? { stance: "want" } : null;
  },
  praise: ({ t }) => has(/\b(?:rationale|reason(?:ing)?|explain\w*|explanation|justif\w*|why)\b/, t),
};

export const roundTo: Rule = {
  kind: "estimate.roundTo",
  needs: "estimate",
  complaint: ({ t }) => {
    if (has(/\b(?:don't|do not|stop|no need to|never) round\w*\b|\brounding (?:is|was) (?:wrong|bad|misleading|too coarse)\b|\bexact (?:minutes|numbers|estimates?) (?:please|instead)\b/, t) || dropsClause(t, "round")) {
      return { stance: "against" };
    }
    const step = new RegExp(String.raw`\b(?:to|nearest|in|by)\s+(?:the\s+)?(?:nearest\s+)?${NUM}[\s-]*${MINUTE_UNIT}|\b${NUM}[\s-]minute (?:steps|increments|blocks|slots|chunks)\b`).exec(t);
    const n = step ? toNumber((step[1] ?? step[2])!) : has(/\bquarter[- ]hours?\b/, t) ? 15 : has(/\bhalf[- ]hours?\b/, t) ? 30 : has(/\b(?:whole|full|nearest) hours?\b/, t) ? 60 : null;
    const precise = [...t.matchAll(new RegExp(String.raw`\b(\d{2,3})\s*${MINUTE_UNIT}`, "g"))].some((m) => Number(m[1]) % 5 !== 0);
    const asks =
      has(/\bround(?:ed|ing)?\b/, t) ||
      has(/\btoo precise\b|\boddly (?:specific|precise)\b|\bfalse precision\b|\bspurious(?:ly)? precis\w*\b|\boverly precise\b/, t) ||
      (precise && has(/\b(?:silly|odd|weird|strange|ridiculous|absurd|precise|specific|really|seriously|nobody|come on)\b|[?!]/, t));
    if (!asks) return null;
    return n !== null && n >= 5 && n <= 240 ? { stance: "want", n } : { stance: "want" };
  },
  praise: ({ t }) => has(/\bround(?:ed|ing)?\b/, t),
};

const RISKY = /\brisk\w*|\buncertain\w*|\bunknowns?\b|\bunclear scope\b/;
export const rangeForRisky: Rule = {
  kind: "estimate.rangeForRisky",
  needs: null,
  complaint: (p) => {
    const { t } = p;
    if (!p.subjects.has("estimate") && !RISKY.test(t)) return null;
    if (has(/\branges? (?:are|is|were|was) (?:useless|unhelpful|annoying|too vague|vague|not helpful)\b|\b(?:just|only) (?:give )?(?:one|a single) (?:number|figure|estimate)\b|\bno ranges?\b/, t) || dropsClause(t, "range")) {
      return { stance: "against" };
    }
    return has(/\branges?\b|\bmin(?:imum)?[- ]?(?:\/|to|and|-)[- ]?max(?:imum)?\b|\bbest[- ]case\b|\bworst[- ]case\b|\b(?:single|one) (?:number|figure)\b|\bfalse (?:certainty|confidence)\b|\btoo confident\b|\bcould be anywhere\b/, t) ? { stance: "want" } : null;
  },
  praise: (p) => (p.subjects.has("estimate") || RISKY.test(p.t)) && has(/\branges?\b/, p.t),
};
