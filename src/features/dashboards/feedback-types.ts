// The shape of `getFeedbackBreakdown` (src/features/feedback/server/queries.ts, feedback slice).
// Declared here too so the section renders against it; the page passes the feedback slice's result.
export type SentimentCounts = { positive: number; negative: number; neutral: number };
export type FeedbackBreakdown = {
  totals: SentimentCounts;
  byCategory: ({ category: string } & SentimentCounts)[];
  patterns: { category: string; sentiment: "positive" | "negative" | "neutral"; agentCount: number; examples: { itemId: string; agentId: string | null; detail: string }[] }[];
};
