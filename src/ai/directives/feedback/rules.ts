import { blockingFirst, maxItems } from "./checklist";
import { language, status } from "./conduct";
import { rangeForRisky, rationale, roundTo } from "./estimate";
import { bullets, maxSentences, plainWords } from "./report";
import type { Rule } from "./rule";
import { criteria, risks } from "./scope";

/** One rule per clause of the family, in the family's order. */
export const RULES: Rule[] = [maxItems, blockingFirst, rationale, roundTo, rangeForRisky, risks, criteria, maxSentences, bullets, plainWords, status, language];
