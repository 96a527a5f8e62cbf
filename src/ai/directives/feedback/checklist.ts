import { seenCount, wantedCount } from "./counts";
import { dropsClause, has, type Rule } from "./rule";
import { BREVITY, ITEM_UNIT } from "./words";

// Checklist clauses: how many items (people say "too many", "12 items for a password reset",
// "keep it to 5") and blocking steps first ("put the blocker first").

const ITEM_WORD = /^(?:check|items?|steps?|entries|things|points|tasks?|to-?dos?)$/;

export const maxItems: Rule = {
  kind: "checklist.maxItems",
  needs: "checklist",
  complaint: ({ t }) => {
    if (dropsClause(t, "checklist|item|step")) return { stance: "against" };
    const n = wantedCount(t, ITEM_WORD);
    if (n !== null) return { stance: "want", n };
    const seen = seenCount(t, ITEM_UNIT);
    const less =
      has(/\btoo (?:many|long|much)\b|\bway too\b|\bfewer\b|\bshorter\b|\boverkill\b|\bbloated\b|\bpadded\b|\bcut\b.{0,30}\bdown\b|\btrim\b|\bendless\b|\bso many\b|\bhalf of (?:them|it|the \w+)\b|\bexcessive\b|\boverwhelming\b|\bless (?:steps|items)\b|\btoo (?:high|loose|generous)\b|\bfor (?:a|an|one) (?:simple|tiny|small|trivial|quick|one-line|single)\b/, t) ||
      (seen !== null && has(/\bfor (?:a|an|one)\b|\bjust to\b|\bto (?:reset|fix|change|answer)\b/, t));
    const more = has(/\btoo (?:few|short|low|strict|tight)\b|\bmissing (?:a |the |some )?(?:steps?|items?)\b|\bmore (?:steps|items|detail)\b|\bnot enough\b|\bincomplete\b|\bleft out\b|\bskipped (?:a |the |some )?(?:steps?|items?)\b|\bmissed (?:a |the |some )?(?:steps?|items?)\b/, t);
    if (less && !more) return seen === null ? { stance: "less" } : { stance: "less", seen };
    if (more && !less) return { stance: "more" };
    return null;
  },
  praise: ({ t }) => BREVITY.test(t),
};

const BLOCKER = /\bblock(?:er|ers|ing)\b|\bwhat blocks\b|\bblocks (?:the|everything|other)\b|\bdependenc(?:y|ies)\b|\bprerequisites?\b/;
export const blockingFirst: Rule = {
  kind: "checklist.blockingFirst",
  needs: null,
  complaint: ({ t }) => {
    if (!BLOCKER.test(t)) return null;
    if (has(/\b(?:stop|don't|do not) (?:put(?:ting)?|list(?:ing)?) (?:the )?block\w* (?:steps? |items? )?first\b/, t) || dropsClause(t, "block")) return { stance: "against" };
    return has(/\b(?:first|top|before|front|up front|start with|lead with|begin with|last|bottom|end|buried|hidden|after|order\w*)\b/, t) ? { stance: "want" } : null;
  },
  praise: ({ t }) => BLOCKER.test(t) && has(/\b(?:first|top|before|front|order\w*)\b/, t),
};
