import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { CursorSchema } from "@/lib/keyset";
import { TEXT_LIMITS } from "@/lib/text-limits";

const optionalId = z.preprocess((v) => (v === "" ? undefined : v), IdSchema.optional());
const optionalDate = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v),
  z.coerce.date({ error: "Use a date like 2026-11-01." }).optional(),
);

/** Search parameters (URL query string of /w/[slug]/search and the service input). */
export const SearchInput = z.object({
  q: z.string().trim().max(TEXT_LIMITS.searchQuery, { error: `Keep the query under ${TEXT_LIMITS.searchQuery} characters.` }).default(""),
  kind: z.enum(["all", "observation", "report"]).default("all"),
  templateId: optionalId,
  agentId: optionalId,
  from: optionalDate,
  to: optionalDate,
  sort: z.enum(["recent", "relevance"]).default("recent"),
  /** Keyset cursors of the page seen: the next page (`after`) or the previous one (`before`). */
  after: z.preprocess((v) => (v === "" ? undefined : v), CursorSchema.optional()),
  before: z.preprocess((v) => (v === "" ? undefined : v), CursorSchema.optional()),
});
export type SearchParams = z.output<typeof SearchInput>;
