import type { ClauseKind } from "./policy";

// What people said about a clause, in a few words, for the improver's rationales: "3 rejections
// said the checklist was too long". One phrase per clause for asking for it, arguing against it
// and praising what it does; limits, topics, status and language say more (feedback-plan.ts).

export const WANTED: Record<ClauseKind, string> = {
  "checklist.maxItems": "the checklist was too long",
  "checklist.blockingFirst": "blocking steps should come first",
  "estimate.rationale": "estimates came without a reason",
  "estimate.roundTo": "estimates were too precise",
  "estimate.rangeForRisky": "risky work needs a range, not one number",
  "risks.topics": "risks were missing",
  "criteria.ask": "nobody asked what done looks like",
  "report.maxSentences": "the report was too long",
  "report.bullets": "reports should be bullets",
  "report.plainWords": "the report used jargon",
  "status.mode": "status is for people to decide",
  language: "they want another language",
};

export const AGAINST: Record<ClauseKind, string> = {
  "checklist.maxItems": "the checklist should have no limit",
  "checklist.blockingFirst": "blocking steps need not come first",
  "estimate.rationale": "the estimate rationale is not needed",
  "estimate.roundTo": "estimates should not be rounded",
  "estimate.rangeForRisky": "ranges are not wanted",
  "risks.topics": "the Risks section is not needed",
  "criteria.ask": "asking for acceptance criteria gets in the way",
  "report.maxSentences": "the report should have no limit",
  "report.bullets": "bullets are hard to read",
  "report.plainWords": "plain words are not needed",
  "status.mode": "the status was not kept up to date",
  language: "they do not want that language",
};

export const PRAISED: Record<ClauseKind, string> = {
  "checklist.maxItems": "the short checklists work",
  "checklist.blockingFirst": "blocking steps first works",
  "estimate.rationale": "the estimate rationale helps",
  "estimate.roundTo": "rounded estimates work",
  "estimate.rangeForRisky": "ranges for risky work help",
  "risks.topics": "the Risks section helps",
  "criteria.ask": "asking for acceptance criteria helps",
  "report.maxSentences": "the short reports work",
  "report.bullets": "the bullets work",
  "report.plainWords": "the plain words work",
  "status.mode": "the status changes are right",
  language: "the language is right",
};
