import type { ClassificationAnswer } from "@/ai/prompts/classify-feedback";
import type { FeedbackCategory } from "@/generated/prisma/enums";
import { words } from "./text";

// Classifier role: each item of the prompt's data (ClassifyPromptData) is one piece of free-text
// feedback, answered by its number. Sentiment and category come from keyword lists; confidence
// grows with the number of keywords that decided it.

export type Classification = ClassificationAnswer["items"][number];
type Category = FeedbackCategory;

const POSITIVE = /^(great|good|thanks|thank|helpful|love|loved|excellent|perfect|nice|clear|accurate|fast|quick|useful|correct|right|spot|well|better|brilliant|solid|concise|exactly)$/;
const NEGATIVE = /^(wrong|bad|slow|late|missed|misses|missing|confusing|unclear|incorrect|inaccurate|error|errors|broken|useless|failed|fails|rejected|duplicate|duplicated|incomplete|vague|verbose|long|worse|ignored|forgot|overdue|annoying|noisy|irrelevant)$/;
const NEGATION = /^(not|never|no|nothing|none|nobody|without|isn't|wasn't|don't|didn't|doesn't|hardly|n't)$/;

const CATEGORY_WORDS: Record<Exclude<Category, "general">, RegExp> = {
  accuracy: /^(wrong|incorrect|inaccurate|accurate|correct|mistake|mistakes|error|errors|estimate|estimates|fact|facts|hallucinated|made|number|numbers|date|dates|version)$/,
  communication: /^(tone|unclear|clear|confusing|verbose|long|wordy|jargon|summary|wording|reply|replies|explain|explained|readable|concise|polite|rude|message|report|language)$/,
  prioritization: /^(priority|priorities|prioritize|prioritise|prioritization|urgent|important|first|order|sla|p1|p2|p3|severity|focus)$/,
  tooling: /^(tool|tools|checklist|checklists|integration|api|proposal|proposals|status|webhook|export|format|button|field|automation)$/,
  timeliness: /^(late|slow|delay|delayed|deadline|overdue|fast|quick|quickly|took|long|hours|days|waiting|wait|time|timely|soon)$/,
};

export function classifyText(text: string, index: number): Classification {
  const ws = words(text.toLowerCase());
  let score = 0;
  let hits = 0;
  ws.forEach((w, i) => {
    const negated = i > 0 && NEGATION.test(ws[i - 1]);
    if (POSITIVE.test(w)) score += negated ? -1 : 1;
    else if (NEGATIVE.test(w)) score += negated ? 1 : -1;
    else return;
    hits++;
  });
  let category: Category = "general";
  let best = 0;
  for (const [name, re] of Object.entries(CATEGORY_WORDS)) {
    const n = ws.filter((w) => re.test(w)).length;
    if (n > best) [category, best] = [name as Category, n];
  }
  const sentiment = score > 0 ? "positive" : score < 0 ? "negative" : "neutral";
  const confidence = Math.min(0.95, Math.round((0.4 + 0.15 * (hits + best)) * 100) / 100);
  return { index, sentiment, category, confidence };
}

/** Item n of the prompt is `items[n - 1]`. */
export function classifyItems(items: string[]): ClassificationAnswer {
  return { items: items.map((text, i) => classifyText(text, i + 1)) };
}
