// How generated reviewers say what they want: a large bank of phrasings per learnable preference,
// written to be unlike the directive clauses' canonical sentences — numbers as digits and as words,
// idioms ("half a dozen is plenty"), indirect requests ("could we trim this a bit?"), reasons that
// give no number at all, curt ones ("nope, too long."), and typos added by the generator. The
// product must learn from what people did, so most of these give the reader little to parse.
//
// Lab only: nothing outside src/lab may read this bank (eslint.config.mjs), or the product could
// learn the phrasings instead of the team.

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** A number as a person might write it: "4", "four", "Four". */
export function numberWords(n: number): string[] {
  const word = WORDS[n];
  return word ? [String(n), word, word[0]!.toUpperCase() + word.slice(1)] : [String(n)];
}

/** Idioms that name a number without a digit. */
const IDIOMS: Record<number, string[]> = {
  2: ["a couple of steps is enough", "two-ish, not more"],
  3: ["three tops", "a short list, like three things"],
  5: ["a handful at most", "five, max"],
  6: ["half a dozen is plenty", "half a dozen, no more"],
};

/** Fills `{n}` with each way of writing n, `{n+1}` with n + 1 ("keep it under five" for at most 4). */
function withNumber(templates: string[], n: number): string[] {
  return templates.flatMap((t) => {
    const forms = t.includes("{n+1}") ? numberWords(n + 1) : numberWords(n);
    return forms.map((f) => t.replace("{n+1}", f).replace("{n}", f));
  });
}

/** Phrases when a checklist is longer than `limit` items (`{checklist.items}` is filled by the lab). */
export function checklistTooLong(limit: number): string[] {
  return [
    ...withNumber(
      [
        "{checklist.items} steps is way too many, {n} max.",
        "No more than {n} items on a ticket like this.",
        "Keep it under {n+1} steps please.",
        "max {n} items",
        "{n} things, tops.",
        "Could we stick to {n} steps or fewer?",
        "I only want to see {n} items at most.",
        "Trim it down to {n}.",
      ],
      limit,
    ),
    ...(IDIOMS[limit] ?? []),
    "Way too long.",
    "Too many steps.",
    "Nobody reads a list this long.",
    "Could we trim this a bit?",
    "This checklist is padded.",
    "nope, too long.",
    "Shorter.",
    "Half of these are filler.",
    "{checklist.items}?! Really?",
  ];
}

export const BLOCKER_NOT_FIRST = [
  "The thing that blocks everything is buried at the bottom.",
  "Start with what we are waiting on.",
  "Wrong order: get what you need before doing the work.",
  "Reproduce it before anything else.",
  "Order!",
  "Put the prerequisite up front.",
  "Why is the blocker step fourth?",
  "First things first, please.",
];

export const ESTIMATE_NO_REASON = [
  "Why {estimate.minutes} minutes?",
  "Where does this number come from?",
  "A number with no explanation is useless to me.",
  "Justify the estimate.",
  "No idea how you got there.",
  "Say how you arrived at that.",
  "Based on what?",
  "huh??",
];

const UNIT_WORDS: Record<number, string[]> = {
  15: ["quarter hours", "15-minute steps", "fifteen-minute chunks", "a quarter of an hour"],
  30: ["half hours", "30-minute blocks", "thirty-minute steps", "the nearest half hour"],
  60: ["whole hours", "full hours", "the hour", "sixty-minute blocks"],
};

export function estimateNotRounded(unit: number): string[] {
  return [
    ...(UNIT_WORDS[unit] ?? [`${unit}-minute steps`]).flatMap((u) => [`Round it to ${u}.`, `We plan in ${u}.`, `Estimates in ${u}, please.`]),
    "{estimate.minutes} minutes is oddly precise.",
    "False precision.",
    "Nobody can estimate to the minute.",
    "That number is too exact.",
  ];
}

export const RISKY_NO_RANGE = [
  "One number for risky work is misleading.",
  "Give me a best case and a worst case for this kind of thing.",
  "This is uncertain, a single figure hides that.",
  "For anything touching money or security I want a span, not a point.",
  "Could it be 20 minutes or two hours? Say so.",
  "too confident for a risky one",
];

export const NO_CRITERIA_ASKED = [
  "Nobody said what done looks like, ask first.",
  "How do we know when this is finished? Ask.",
  "No definition of done, and you did not ask for one.",
  "Find out what success means before planning.",
  "Check with the requester what they expect.",
  "What counts as done here?",
];

export const STATUS_NEVER = [
  "Leave the status to us.",
  "We move tickets ourselves.",
  "Don't touch the status.",
  "Not your call.",
  "The assignee decides when it's done.",
  "no status changes please",
];

export const STATUS_UNSUPPORTED = [
  "It is not done, half the list is open.",
  "Too early for that status.",
  "Nothing on the checklist is ticked yet.",
  "Premature.",
  "Wait until the work is actually done.",
];

export function reportTooLong(limit: number): string[] {
  return [
    ...withNumber(["Reports should be {n} sentences, not an essay.", "Keep the report to {n} sentences or so.", "{n} sentences is all I read.", "max {n} sentences in a report"], limit),
    "tl;dr",
    "Too long to read in the queue.",
    "Wall of text.",
    "Shorter reports please.",
    "I gave up halfway through the report.",
  ];
}

export const REPORT_NOT_BULLETS = ["Bullets please, I read these on my phone.", "Dot points, not paragraphs.", "Can the report be a list?", "Paragraphs are hard to skim.", "bullet it"];

export const REPORT_JARGON = ["Too much jargon.", "Say it in plain English.", "What do all these acronyms mean?", "Our customers don't speak engineer.", "Less buzzwords."];

export const OWNER_REJECT = ["Not convinced yet.", "Let's wait.", "No.", "Not this week.", "Firm it up first.", "Hmm, no."];
export const OWNER_LOST = ["This throws away {lost} of the {acceptances} things people were happy with.", "Loses {lost} accepted changes, no.", "Too costly: {lost} of {acceptances} lost."];
export const OWNER_NOT_AVOIDED = ["Replay says it avoids only {avoided} of {rejections} rejections; not enough.", "It doesn't fix what people complain about.", "Avoids {avoided} of {rejections}. Try harder."];
export const NOISE = ["Not this one.", "meh", "Skip it.", "Rather not.", "Hmm, no.", "I'd handle this myself."];
