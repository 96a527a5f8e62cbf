// Vocabulary of the generated observations. Texts are assembled in SQL (bench/lib/generate.ts) as
//   <subject> <body, with customer / area / ticket / version / numbers filled in><tail>[ <rare token>]
// so word frequencies look like real notes: a few very common words ("customer", "ticket",
// "reply"), a long tail of customers, areas and versions, and rare tokens (ticket numbers, odd
// words) that only a handful of rows contain.

export const SUBJECTS = [
  "Sam", "Priya", "Jordan", "The reviewer", "The assignee", "The customer", "The support lead", "The release manager",
  "The PM", "The user", "QA", "The on-call engineer", "Finance", "The account manager", "Sam", "Priya", "The reviewer", "The user",
];

/** format() templates: %1$s customer, %2$s area, %3$s ticket, %4$s version, %5$s and %6$s numbers. */
export const BODIES = [
  // praise
  "confirmed the %2$s category and the priority for ticket %3$s without edits.",
  "said the reply to %1$s struck the right customer tone.",
  "merged ticket %3$s into the open one: the agent caught the duplicate ticket early.",
  "liked the three-bullet summary for ticket %3$s; it was quick to scan.",
  "accepted the checklist for the %2$s escalation as proposed.",
  "reported that %1$s replied within the hour, happy with the workaround.",
  "published the %4$s release notes with a single wording change.",
  "approved the estimate of %5$s minutes for ticket %3$s; it matched the actual time.",
  "thanked the agent for linking the known issue about %2$s.",
  "noted the routing to the %2$s team was right the first time.",
  // complaints
  "rewrote the reply to %1$s: too formal, it did not match the customer tone.",
  "complained the triage summary for ticket %3$s was far too long.",
  "found ticket %3$s was a duplicate ticket of an older %2$s issue nobody linked.",
  "says the draft for %4$s used the wrong release date again.",
  "removed internal ticket keys and code names from the %4$s notes.",
  "pointed out the breaking change in %4$s was missing from the draft.",
  "rated the run low: the agent asked %1$s for logs they had already sent.",
  "was unhappy that the reply promised a fix date to %1$s.",
  "said the estimate for ticket %3$s was off by a factor of three.",
  "removed half of the checklist items proposed for a simple %2$s question.",
  // corrections
  "moved ticket %3$s from P3 to P2: %1$s is on the Enterprise plan with a 4-hour SLA.",
  "re-routed ticket %3$s from %2$s to Billing because it is a refund request.",
  "corrected the estimate on ticket %3$s from %5$s to %6$s minutes.",
  "changed the category of ticket %3$s: feature request, not a bug.",
  "fixed the release date for %4$s in the changelog entry.",
  "moved the %2$s change in %4$s from Fixed to Improved.",
  "lowered ticket %3$s to P3: one user affected and a workaround exists.",
  // ambiguity and questions
  "could not tell whether ticket %3$s is a bug or a feature request.",
  "asked whether refunds over 500 dollars should go to Finance directly.",
  "asked if a trial of the Enterprise plan gets the 4-hour response time.",
  "wants to know who owns %2$s escalations on weekends.",
  "is unsure whether the %2$s change in %4$s counts as a breaking change.",
  "asked whether beta features belong in the public %4$s notes.",
  "wonders if the agent should reply in the customer's language.",
  // information
  "checked the status page: no incident for %2$s when %1$s reported it.",
  "reproduced the %2$s problem of %1$s on staging in %5$s minutes.",
  "saw the webhook deliveries for %1$s delayed by %5$s minutes during business hours.",
  "confirmed the SSO login loop for %1$s started after the certificate rotation.",
  "found the CSV export for %1$s still times out above 50k rows.",
  "collected %5$s merged pull requests since the previous tag for %4$s.",
  "linked ticket %3$s to the known %2$s issue in the knowledge base.",
  "is waiting for the %2$s team to confirm the root cause of ticket %3$s.",
  "got the HAR file from %1$s and re-ran the analysis.",
  "saw %1$s hit 429 responses at %5$s requests per minute.",
  "verified the invoice PDF for %1$s shows the right VAT number now.",
];

export const CUSTOMER_PREFIXES = [
  "Acme", "Globex", "Initech", "Hooli", "Umbrella", "Stark", "Wayne", "Wonka", "Soylent", "Cyberdyne", "Vandelay", "Northwind",
  "Contoso", "Brightwave", "Dunder", "Pied", "Tyrell", "Oscorp", "Gringotts", "Monarch", "Nakatomi", "Massive", "Prestige",
  "Sirius", "Vehement", "Atlas", "Bluth", "Cobalt", "Duff", "Ember",
];
export const CUSTOMER_SUFFIXES = ["Logistics", "Health", "Retail", "Foods", "Systems", "Labs", "Traders", "Media", "Dental", "Bank"];

export const AREAS = [
  "billing", "SSO", "CSV export", "webhooks", "mobile app", "notifications", "invoices", "search", "dashboard",
  "API rate limits", "password reset", "two-factor", "bulk import", "scheduled reports",
];

export const TAILS = [
  "", "", "", "", "", "", " Noting it for the weekly review.", " Second time this week.", " Worth keeping in the directives.",
  " Will adjust on the next run.", " Applied to the draft.", " Asked the assignee to decide.", " (came up twice this week)",
  " Keeping this approach.", " Recorded for the one-on-one.", " Left it open until someone confirms.",
];

/** Rare words: each appears in a few dozen rows of a million. */
export const RARE = [
  "quokka", "zeppelin", "marzipan", "obsidian", "tamarind", "gazebo", "kumquat", "walrus", "origami", "sherbet",
  "tundra", "fjord", "pangolin", "mistral", "saffron", "galleon", "juniper", "lantern", "narwhal", "paprika",
  "quasar", "rhubarb", "sequoia", "trombone", "umbrella-stand", "vortex", "wisteria", "yodel", "zither", "axolotl",
];

/** Words that appear in about 1 row in 60. */
export const UNCOMMON = [
  "Outlook", "Safari", "Android", "Okta", "Stripe", "Zendesk", "Salesforce", "Slack", "Jira", "HubSpot",
  "Azure", "Shopify", "Twilio", "Intercom", "Segment", "Datadog",
];

export const REPORT_TITLES = [
  "Triage summary", "Weekly status", "Draft release notes", "Escalation summary", "Root cause notes", "Handover notes",
];
