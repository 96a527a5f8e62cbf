// Demo content: the Release Notes Writer's past one-on-ones. #1 (a low-confidence draft about
// jargon and dates; Priya wrote v2 herself; abandoned), #2 (Breaking changes and Known issues
// sections → v3). Counts and quotes come from the seeded observations (SessionFacts).
import type { SessionSpec } from "./types";

const PRIYA = "priya.nair@agent-coach.local";

const JARGON = /internal code names must never|removed ticket keys|"leverage", "utilize"/;
const DATES = /Wrong release date|old planning doc|Release date corrected/;
const BREAKING = /Missed the breaking change|No link to the migration guide|to the top as a breaking change/;
/** Narrower than the counts, for the quoted example. */
const CODE_NAMES = /internal code names must never|removed ticket keys/;
const MISSED_BREAKING = /Missed the breaking change/;
const AUDIENCE_PRAISE = /No internal jargon/;
const KNOWN_ISSUES_GATE = /Known issues from the QA sign-off are missing/;

/** Quotes an observation as the improver cites it. */
const q = (s: string) => `“${s.replace(/\.$/, "")}”`;

const FIRST_PARAGRAPH_END = "clear release notes for our customers.";

export const releaseNotesSessions: SessionSpec[] = [
  {
    status: "abandoned",
    by: PRIYA,
    timing: { after: 1, days: 10, minutes: 30 },
    turns: (f) => [
      {
        improver: [
          "**What changed:** this is our first session; v1 has been live for ten days.",
          "**Feedback:** three complaint clusters:",
          `- **Internal jargon** (${f.count(JARGON)}): code names and ticket keys reach customers, e.g. ${q(f.example(CODE_NAMES, "The draft mentioned an internal code name."))}.`,
          `- **Release dates** (${f.count(DATES)}): dates that had moved, e.g. ${q(f.example(DATES, "Used the release date from an old planning doc."))}.`,
          `- **Breaking changes** (${f.count(BREAKING)}): migration steps added by hand, e.g. ${q(f.example(MISSED_BREAKING, "Missed the breaking change."))}.`,
          "**I would work on:** jargon — the most frequent, and the easiest to rule out.",
          "",
          "Shall I propose something?",
        ].join("\n"),
        notes: [
          {
            kind: "reflection",
            content: `First session, ten days of v1: ${f.count(JARGON)} jargon complaints (code names like "Project Falcon", ticket keys like PLAT-2291), ${f.count(DATES)} about release dates that had moved, ${f.count(BREAKING)} about breaking changes without migration steps. Structure and tone of the entries are rarely criticised.`,
          },
        ],
        closing: "I saved this summary as a reflection note for our next session.",
      },
      { user: "Jargon and dates, yes. Try something." },
      {
        improver: "A first attempt: no ticket keys or code names, and the release date taken from the task. I'm not sure about the date part — the wrong dates look like an input problem (the task carried the old planning date) more than a writing problem, so this is a draft.",
        propose: {
          edit: (head) => {
            if (!head.includes(FIRST_PARAGRAPH_END)) throw new Error("seed: Release Notes v1 changed; update release-notes-sessions.ts");
            return head.replace(FIRST_PARAGRAPH_END, `${FIRST_PARAGRAPH_END}\n\nDo not mention internal ticket keys or code names. Use the release date stated in the task.`);
          },
          rationale: "Jargon and moved release dates are the most frequent complaints in v1's first ten days. Forbids ticket keys and code names and takes the release date from the task.",
          confidence: 0.72,
        },
        notes: [
          {
            kind: "hypothesis",
            content: "Wrong release dates may come from the input, not the directives: the agent copies whatever date the task links to, including old planning documents. \"Use the date in the task\" would not fix that; only a date the release manager confirmed would.",
          },
        ],
        closing: "It's a draft (confidence 0.72), so it can't be approved as it is. Tell me what to firm up.",
      },
      { user: "You're right about the dates: only the release manager's confirmed date counts. I'll rewrite the audience and date rules myself after Thursday's release — let's stop here." },
      {
        improver: "Understood. I'll leave those rules to you. Next time I'll compare jargon and date complaints before and after your version, and look at breaking changes, which nobody has addressed yet.",
        notes: [
          {
            kind: "decision",
            content: `No approval: Priya rewrites the audience and release-date rules herself (a date only when the release manager confirmed it). Breaking changes (${f.count(BREAKING)} complaints so far) are left for a later session.`,
          },
        ],
        closing: "I recorded a decision note for our next session.",
      },
    ],
  },
  {
    status: "completed",
    by: PRIYA,
    timing: { endsAtVersion: 3, minutes: 44 },
    turns: (f) => [
      {
        improver: [
          `**What changed:** v2, your audience and release-date rules, went live after our first session. Jargon complaints went from ${f.countOn(1, JARGON)} under v1 to ${f.countOn(2, JARGON)} under v2, date complaints from ${f.countOn(1, DATES)} to ${f.countOn(2, DATES)}. Runs on v2 are rated ${f.rating(2)} on average (v1: ${f.rating(1)}).`,
          `**Feedback:** breaking changes are now the largest negative cluster: ${f.count(BREAKING)} observations from ${f.agents(BREAKING)} agents, e.g. ${q(f.example(MISSED_BREAKING, "Missed the breaking change."))}. The Completeness gate also flagged missing known issues ${f.gates(KNOWN_ISSUES_GATE)} times in the refine loop.`,
          `**Working well:** customer-facing wording, e.g. ${q(f.example(AUDIENCE_PRAISE, "No internal jargon in the draft this time."))}. Worth keeping as it is.`,
          "**I would work on:** a Breaking changes section and a Known issues section. Shall I propose them?",
        ].join("\n"),
        notes: [
          {
            kind: "reflection",
            content: `Priya's v2 fixed what my draft in session #1 only half addressed: jargon ${f.countOn(1, JARGON)} → ${f.countOn(2, JARGON)}, dates ${f.countOn(1, DATES)} → ${f.countOn(2, DATES)}. The release-manager rule was the right fix for dates; keep the audience and date paragraphs unchanged.`,
          },
          {
            kind: "pattern",
            content: `Breaking-change misses come from ${f.agents(BREAKING)} different agents, not one release. The costly ones are developer-facing — the API v1 deprecation, the webhook signature migration, CLI 1.8's new default output — and removed settings such as v2.16's classic view. Reviewers add the migration steps by hand every time.`,
          },
        ],
        closing: "I recorded a reflection and a pattern note.",
      },
      { user: "Breaking changes, definitely — the v2.16 removal of the classic view setting nearly went out without a notice. And copy the known issues from the QA sign-off, I keep pasting them in by hand." },
      {
        improver: "Proposed v3: a Breaking changes section first whenever a change can break an integration, a script or a saved setting — who is affected, what to do and by when, with the migration guide link (or a checklist item to write one, keeping the task in progress) — and a Known issues section copied from the QA sign-off. Patch releases get Fixed and Known issues only. Your audience and date rules stay exactly as they are.",
        propose: { becomes: 3, confidence: 0.87 },
        notes: [
          {
            kind: "hypothesis",
            content: "Breaking changes first should end the hand-added migration steps. The risk is the 400-word cap: a release with a long migration story may now run over. If \"too long\" complaints rise, let the Breaking changes entry link to the guide instead of explaining it.",
            prediction: { metric: "negativeFeedback", direction: "decrease", size: 5, probability: 0.65, checkAfterDays: 7 },
          },
        ],
        closing: "Proposed v3 (confidence 0.87).",
      },
      { approve: 0.85 },
    ],
  },
];
