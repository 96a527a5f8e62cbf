// Demo content: the Support Triage Agent's past one-on-ones. #1 (Sam rejected a fixed-length tone
// rule and wrote v2 by hand; abandoned), #2 (duplicate check → v3), #3 (Enterprise priority and
// refund routing → v4). Counts and quotes come from the seeded observations (SessionFacts).
import type { SessionSpec } from "./types";

const SAM = "sam.rivera@agent-coach.local";

const TONE = /too formal and apologetic|read like a legal notice|Apologised three times/;
const SUMMARY = /too long to scan|buried the actual error|cut my summary/;
const TONE_PRAISE = /customer tone was "just right"|matching the customer tone works/;
const DUPLICATE = /Missed that .* is a duplicate ticket|duplicate ticket not detected/;
const DUPLICATE_CAUGHT = /Caught that .* is a duplicate ticket|Duplicate check found/;
const ENTERPRISE = /although .* is on Enterprise|Priority corrected from P3 to P2/;
const REFUND = /belongs to Billing, not the general queue/;
const TRIAL = /trial of the Enterprise plan counts|on a trial plan entitled/;

/** Quotes an observation as the improver cites it. */
const q = (s: string) => `“${s.replace(/\.$/, "")}”`;

/** Replaces one sentence of the directives; a missing one is a seed bug, not a silent no-op. */
const swap = (text: string, from: string, to: string) => {
  if (!text.includes(from)) throw new Error(`seed: directives have no "${from.slice(0, 40)}…"`);
  return text.replace(from, to);
};

export const supportTriageSessions: SessionSpec[] = [
  {
    status: "abandoned",
    by: SAM,
    timing: { after: 1, days: 7, minutes: 35 },
    turns: (f) => [
      {
        improver: [
          "**What changed:** this is our first session; v1 has been live for a week.",
          "**Feedback:** the clearest complaints are about how the agent writes, not what it decides:",
          `- **Tone** (${f.count(TONE)}): replies read as formal and over-apologetic, e.g. ${q(f.example(TONE, "Draft reply read like a legal notice."))}.`,
          `- **Summary length** (${f.count(SUMMARY)}): e.g. ${q(f.example(SUMMARY, "The triage summary was far too long to scan in the queue."))}.`,
          "**Working well:** routing and priorities are mostly confirmed without edits.",
          `**I would work on:** the reply tone. ${f.count(TONE)} complaints from ${f.agents(TONE)} agents are a pattern, not one unhappy reviewer.`,
          "",
          "Shall I propose a change for the tone?",
        ].join("\n"),
        notes: [
          {
            kind: "reflection",
            content: `First session, one week of v1. ${f.count(TONE)} tone complaints (too formal, "legal notice", apologising three times) from ${f.agents(TONE)} agents and ${f.count(SUMMARY)} about summaries too long to scan. Routing and priorities hold up so far: the problem is how the agent writes, not what it decides.`,
          },
        ],
        closing: "I saved this summary as a reflection note for our next session.",
      },
      { user: "Yes, the tone first. The replies are what customers actually see." },
      {
        improver: "Here is a version that caps the first reply at two short sentences without an apology, and the triage summary at three bullets. Everything else stays as it is.",
        propose: {
          edit: (head) =>
            swap(
              swap(head, "4. Draft a first reply to the customer that acknowledges the problem and says what happens next.", "4. Draft a first reply to the customer in at most two short sentences: what we see and what happens next. Do not apologise."),
              "Write a triage summary explaining the category, the priority and the evidence you used.",
              "Write the triage summary as at most three bullets: category, priority and the evidence you used.",
            ),
          rationale: "Tone is the largest complaint cluster in v1's first week: replies read as formal and over-apologetic, and summaries are too long to scan. Caps the first reply at two short sentences without an apology and the summary at three bullets.",
          confidence: 0.82,
        },
        notes: [
          {
            kind: "hypothesis",
            content: "If the first reply is capped at two short sentences without an apology, the \"too formal\" and \"apologised three times\" complaints should drop within a week. Watch whether customers who write long, formal tickets start rating the replies lower.",
            prediction: { metric: "negativeFeedback", category: "communication", direction: "decrease", size: 5, probability: 0.7, checkAfterDays: 7 },
          },
        ],
        closing: "The proposal is ready for your review (confidence 0.82).",
      },
      { reject: "Two sentences is too blunt for customers who write us formal letters — Globex's IT team and Acme's operations lead expect a proper answer. The reply should match how the customer writes, not a fixed length. I'll write the tone rule myself." },
      {
        improver: "Understood: a fixed length was the wrong lever, the rule should follow the customer's register. I won't propose a revision while you write the tone rule; next session I'll check whether the complaints moved after your version.",
        notes: [
          {
            kind: "decision",
            content: "No revised proposal: Sam writes the tone rule himself (mirror the customer's register instead of a fixed length). Next session: compare tone complaints before and after his version before touching tone again.",
          },
        ],
        closing: "I recorded a decision note for our next session.",
      },
    ],
  },
  {
    status: "completed",
    by: SAM,
    timing: { endsAtVersion: 3, minutes: 48 },
    turns: (f) => [
      {
        improver: [
          `**What changed:** v2, your rewrite of tone and summaries, went live after our first session, and it worked: tone complaints went from ${f.countOn(1, TONE)} under v1 to ${f.countOn(2, TONE)} under v2, summary complaints from ${f.countOn(1, SUMMARY)} to ${f.countOn(2, SUMMARY)}. Runs on v2 are rated ${f.rating(2)} on average (v1: ${f.rating(1)}).`,
          `**Feedback:** the largest negative cluster is now missed duplicates: ${f.count(DUPLICATE)} observations from ${f.agents(DUPLICATE)} agents, e.g. ${q(f.example(DUPLICATE, "Missed that the ticket is a duplicate; the customer got two different answers."))}.`,
          `**Working well:** the customer tone, ${f.count(TONE_PRAISE)} notes like ${q(f.example(TONE_PRAISE, "The customer tone was just right."))}. Worth keeping exactly as it is.`,
          `**I would work on:** duplicates. ${f.agents(DUPLICATE)} agents reporting the same miss is a pattern across tickets, not one noisy customer.`,
          "",
          "Shall I propose a duplicate check?",
        ].join("\n"),
        notes: [
          {
            kind: "reflection",
            content: `Sam's v2 did what my rejected two-sentence cap would not: tone complaints ${f.countOn(1, TONE)} → ${f.countOn(2, TONE)}, summary complaints ${f.countOn(1, SUMMARY)} → ${f.countOn(2, SUMMARY)}, ratings ${f.rating(1)} → ${f.rating(2)}. Mirroring the customer's register beats a fixed length; leave the tone paragraph alone.`,
          },
          {
            kind: "pattern",
            content: `Missed duplicates across ${f.agents(DUPLICATE)} agents (${f.count(DUPLICATE)} observations), in two shapes: the same organisation writing twice, and the same error message from different customers. The cost is always the same — two engineers, two different answers, one customer.`,
          },
        ],
        closing: "I recorded a reflection and a pattern note for our next session.",
      },
      { user: "Agreed, duplicates are the big one. A customer getting two different answers from two engineers is embarrassing. What would you change?" },
      {
        improver: "A duplicate check before classification: search the last 30 days for tickets from the same organisation or with the same error message. If one is open, don't triage again — propose linking and merging, keep the ticket with more context open, and point the customer to the existing conversation. The rest of v2 stays word for word.",
        propose: { becomes: 3, confidence: 0.86 },
        notes: [
          {
            kind: "hypothesis",
            content: "The duplicate check should bring \"duplicate ticket not detected\" complaints close to zero within a week. Risk to watch: over-merging — two different problems from the same organisation (an invoice question next to an SSO outage) folded into one thread.",
            prediction: { metric: "acceptance", direction: "increase", size: 5, probability: 0.7, checkAfterDays: 7 },
          },
        ],
        closing: "Proposed v3 (confidence 0.86), ready for your review.",
      },
      { user: "Does it merge tickets on its own?" },
      {
        improver: "No. It only proposes a checklist item to link and merge and says which ticket should stay open; an engineer confirms it like any other checklist item. If it picks the wrong ticket, the rejection reason shows up in the decision history for our next session.",
      },
      { approve: 0.8 },
    ],
  },
  {
    status: "completed",
    by: SAM,
    timing: { endsAtVersion: 4, minutes: 52 },
    turns: (f) => [
      {
        improver: [
          `**What changed:** v3's duplicate check went live after our last session. Duplicate complaints dropped from ${f.countOn(2, DUPLICATE)} under v2 to ${f.countOn(3, DUPLICATE)} under v3, and ${f.count(DUPLICATE_CAUGHT)} observations report a duplicate caught before anyone replied twice. Runs on v3 are rated ${f.rating(3)} on average (v2: ${f.rating(2)}).`,
          "**Feedback:** two clusters stand out:",
          `- **Priority on Enterprise accounts** (${f.count(ENTERPRISE)}): P3 where the 4-hour SLA needs P2, e.g. ${q(f.example(ENTERPRISE, "Priority corrected from P3 to P2: the customer is on the Enterprise plan."))}.`,
          `- **Refund routing** (${f.count(REFUND)}): refunds land in the general queue, e.g. ${q(f.example(REFUND, "The refund request belongs to Billing, not the general queue."))}.`,
          `**Open question from the agents:** ${f.count(TRIAL)} notes ask whether a trial of the Enterprise plan counts as Enterprise for the SLA.`,
          "**I would work on:** Enterprise priority first, and refund routing with it if you agree.",
          "",
          "Before I propose: does a trial of the Enterprise plan count as Enterprise?",
        ].join("\n"),
        notes: [
          {
            kind: "reflection",
            content: `v3's duplicate check holds: duplicate complaints ${f.countOn(2, DUPLICATE)} → ${f.countOn(3, DUPLICATE)}, ${f.count(DUPLICATE_CAUGHT)} caught duplicates praised, and no complaint about wrongly merged tickets yet. Session #2's over-merging worry has not materialised; keep the check as written.`,
          },
          {
            kind: "pattern",
            content: `Priority corrections on Enterprise accounts all go one way: ${f.count(ENTERPRISE)} corrections raised P3 → P2 on ${f.agents(ENTERPRISE)} tickets, each time because of the 4-hour SLA. The agent never looks up the plan, so the SLA is invisible to it; the directives only describe impact.`,
          },
        ],
        closing: "I recorded a reflection and a pattern note.",
      },
      { user: "Yes — trials of the Enterprise plan count as Enterprise; Sales wants them to get the same response time. And take the refunds too: they always go to Billing, whatever else the ticket mentions." },
      {
        improver: "Then v4 adds two sentences and changes nothing else: look up the customer's plan before setting a priority, with Enterprise (trials included) never below P2 because of the 4-hour first-response SLA; and refund and double-charge requests always go to Billing. I kept P2 as the floor rather than P1: P1 stays for outages and data at risk, which the priority rule already covers.",
        propose: { becomes: 4, confidence: 0.88 },
        notes: [
          {
            kind: "hypothesis",
            content: "With the plan lookup, Enterprise P3 → P2 corrections should disappear. If reviewers start lowering P2 on trivial Enterprise how-to questions, the floor is too blunt and needs an exception for questions.",
            prediction: { metric: "acceptance", direction: "increase", size: 10, probability: 0.6, checkAfterDays: 7 },
          },
          {
            kind: "decision",
            content: "Enterprise floor is P2, not P1: P1 means an outage or data at risk for many users, and paging on-call for every Enterprise question would burn the rotation. Trials of the Enterprise plan count as Enterprise (Sam, agreed with Sales). Refunds and double charges always route to Billing.",
          },
        ],
        closing: "Proposed v4 (confidence 0.88).",
      },
      { approve: 0.9 },
    ],
  },
];
