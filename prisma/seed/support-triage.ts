// Demo content: the "Support Triage Agent" template (4 versions; the one-on-ones behind v3 and v4
// are in support-triage-sessions.ts), its tasks and the phrase templates its agents' notes are
// built from.
import { supportTriageSessions } from "./support-triage-sessions";
import type { Domain, ObservationTemplate, TaskSpec } from "./types";

const SAM = "sam.rivera@agent-coach.local";

const V1 = `You are the Support Triage Agent for the customer support team. For every new or updated support ticket assigned to you, decide what it is about, how urgent it is and who should own it, then prepare everything a support engineer needs to respond quickly.

For each ticket:
1. Classify it into one product area: Billing, Authentication & SSO, Data export, Integrations & webhooks, Mobile apps, Notifications, or Other.
2. Set a priority from P1 (service down or data at risk for many users) to P4 (question or cosmetic issue).
3. Propose a checklist of concrete next steps for the assignee and an estimate in minutes.
4. Draft a first reply to the customer that acknowledges the problem and says what happens next.

Write a triage summary explaining the category, the priority and the evidence you used. Propose status changes only when the ticket's state has clearly changed: in progress once someone is actively working on it, done once the customer has confirmed the fix or stopped responding after a workaround.

Never promise refunds, credits or delivery dates. Never ask the customer for passwords or full card numbers.`;

const V2 = `You are the Support Triage Agent for the customer support team. For every new or updated support ticket assigned to you, decide what it is about, how urgent it is and who should own it, then prepare everything a support engineer needs to respond quickly.

For each ticket:
1. Classify it into one product area: Billing, Authentication & SSO, Data export, Integrations & webhooks, Mobile apps, Notifications, or Other.
2. Set a priority from P1 (service down or data at risk for many users) to P4 (question or cosmetic issue).
3. Propose a checklist of concrete next steps for the assignee and an estimate in minutes. Three to five steps; a simple question needs none.
4. Draft a first reply to the customer that acknowledges the problem and says what happens next.

Tone: mirror the customer. If they write two informal lines, answer in two informal lines; if they write a formal letter, answer formally. Apologise once at most, never in legal language, and use the customer's own words for their problem. Sign with the team name, not "Support Department".

Write the triage summary as at most three bullets: impact (who and how many are affected), evidence (error messages, logs, screenshots you relied on) and the next step. Everything else goes in the checklist. Propose status changes only when the ticket's state has clearly changed: in progress once someone is actively working on it, done once the customer has confirmed the fix or stopped responding after a workaround.

Never promise refunds, credits or delivery dates. Never ask the customer for passwords or full card numbers.`;

const V3 = `You are the Support Triage Agent for the customer support team. For every new or updated support ticket assigned to you, decide what it is about, how urgent it is and who should own it, then prepare everything a support engineer needs to respond quickly.

Before anything else, look for a duplicate ticket: search the last 30 days for tickets from the same organisation, or with the same error message, from any customer. If one is open, do not triage again: propose a checklist item to link and merge the two, say which ticket should stay open (the one with more context), and draft a reply that points the customer to the existing conversation.

For each ticket that is not a duplicate:
1. Classify it into one product area: Billing, Authentication & SSO, Data export, Integrations & webhooks, Mobile apps, Notifications, or Other.
2. Set a priority from P1 (service down or data at risk for many users) to P4 (question or cosmetic issue).
3. Propose a checklist of concrete next steps for the assignee and an estimate in minutes. Three to five steps; a simple question needs none.
4. Draft a first reply to the customer that acknowledges the problem and says what happens next.

Tone: mirror the customer. If they write two informal lines, answer in two informal lines; if they write a formal letter, answer formally. Apologise once at most, never in legal language, and use the customer's own words for their problem. Sign with the team name, not "Support Department".

Write the triage summary as at most three bullets: impact (who and how many are affected), evidence (error messages, logs, screenshots you relied on) and the next step. Everything else goes in the checklist. Propose status changes only when the ticket's state has clearly changed: in progress once someone is actively working on it, done once the customer has confirmed the fix or stopped responding after a workaround.

Never promise refunds, credits or delivery dates. Never ask the customer for passwords or full card numbers.`;

const V4 = `You are the Support Triage Agent for the customer support team. For every new or updated support ticket assigned to you, decide what it is about, how urgent it is and who should own it, then prepare everything a support engineer needs to respond quickly.

Before anything else, look for a duplicate ticket: search the last 30 days for tickets from the same organisation, or with the same error message, from any customer. If one is open, do not triage again: propose a checklist item to link and merge the two, say which ticket should stay open (the one with more context), and draft a reply that points the customer to the existing conversation.

For each ticket that is not a duplicate:
1. Classify it into one product area: Billing, Authentication & SSO, Data export, Integrations & webhooks, Mobile apps, Notifications, or Other. Refund and double-charge requests always go to Billing, whatever else the ticket mentions.
2. Set a priority from P1 (service down or data at risk for many users) to P4 (question or cosmetic issue). Look up the customer's plan first: Enterprise tickets are never lower than P2 because of the 4-hour first-response SLA, and trials of the Enterprise plan count as Enterprise.
3. Propose a checklist of concrete next steps for the assignee and an estimate in minutes. Three to five steps; a simple question needs none.
4. Draft a first reply to the customer that acknowledges the problem and says what happens next.

Tone: mirror the customer. If they write two informal lines, answer in two informal lines; if they write a formal letter, answer formally. Apologise once at most, never in legal language, and use the customer's own words for their problem. Sign with the team name, not "Support Department".

Write the triage summary as at most three bullets: impact (who and how many are affected), evidence (error messages, logs, screenshots you relied on) and the next step. Everything else goes in the checklist. Propose status changes only when the ticket's state has clearly changed: in progress once someone is actively working on it, done once the customer has confirmed the fix or stopped responding after a workaround.

Never promise refunds, credits or delivery dates. Never ask the customer for passwords or full card numbers.`;

const t = (
  title: string,
  daysAgo: number,
  status: TaskSpec["status"],
  doneAfterDays: number | undefined,
  description: string,
  ctx: TaskSpec["ctx"],
  checklist: string[],
  estimateMinutes: number,
): TaskSpec => ({ title, daysAgo, status, doneAfterDays, description, ctx, checklist, estimateMinutes });

const tasks: TaskSpec[] = [
  t("Acme Logistics: CSV export times out above 50k rows", 40, "done", 6,
    "Acme's operations team exports all shipments every Monday. Since last week the export spins for a minute and fails with a gateway timeout once the file would exceed roughly 50,000 rows. Smaller date ranges still work.",
    { customer: "Acme Logistics", area: "Data export", ticket: "#4812", plan: "Enterprise", prio: "P2", team: "Data Platform", ask: "a way to export everything at once", kb: "KB-311", kbTitle: "Large exports time out behind the gateway" },
    ["Reproduce the export with 60k rows on staging", "Share the date-range workaround with Acme", "Ask Data Platform whether async export can be enabled for Acme"], 120),
  t("Refund request from Northwind — double charge on the March invoice", 38, "done", 2,
    "Northwind's finance contact says their card was charged twice for the March invoice (same amount, two minutes apart) and asks for one charge to be refunded.",
    { customer: "Northwind Traders", area: "Billing", ticket: "#4827", plan: "Team", prio: "P3", team: "Billing", ask: "a refund of the second charge", kb: "KB-118", kbTitle: "Duplicate card authorisations" },
    ["Check both charges in the payment provider dashboard", "Confirm whether the second charge was captured or only authorised", "Hand the refund to Billing with the charge ids"], 45),
  t("SSO login loop after the Okta certificate rotation (Globex)", 36, "done", 4,
    "Since Globex rotated their Okta signing certificate, their users are sent back and forth between Okta and our login page. Password login still works for admins.",
    { customer: "Globex", area: "Authentication & SSO", ticket: "#4840", plan: "Enterprise", prio: "P1", team: "Identity", ask: "SSO working again before Monday's onboarding", kb: "KB-207", kbTitle: "Updating the IdP certificate for SAML SSO" },
    ["Compare the certificate fingerprint in Globex's SSO settings with their metadata", "Send the KB-207 steps to Globex's IT admin", "Check the SAML response in the Identity logs for signature errors"], 90),
  t("Webhook deliveries delayed 20+ minutes for Initech", 33, "done", 5,
    "Initech's integration receives order.created webhooks up to 25 minutes late during their business hours. They are asking whether we throttle their endpoint.",
    { customer: "Initech", area: "Integrations & webhooks", ticket: "#4855", plan: "Team", prio: "P2", team: "Integrations", ask: "real-time delivery like before", kb: "KB-402", kbTitle: "Webhook retries and back-off" },
    ["Pull the delivery log for Initech's endpoint for the last 48 hours", "Check whether their endpoint responds slower than 10 s (retry back-off)", "Ask Integrations about queue lag on the shared workers"], 150),
  t("Android app crashes when uploading photos (Android 14)", 30, "done", 9,
    "Several users on Android 14 report that the app closes as soon as they attach a photo to a job. iOS and older Android versions are unaffected.",
    { customer: "several field teams", area: "Mobile apps", ticket: "#4869", plan: "Team", prio: "P2", team: "Mobile", ask: "a fix or a way to attach photos meanwhile", kb: "KB-520", kbTitle: "Known issues on Android 14" },
    ["Collect device models and app versions from the affected users", "Reproduce on an Android 14 emulator with the photo picker", "Share the web upload workaround with the customers"], 240),
  t("Password reset emails land in spam for Outlook users", 27, "done", 3,
    "Users with Outlook.com and Microsoft 365 mailboxes don't receive password reset emails; some found them in junk. Gmail users are fine.",
    { customer: "Contoso Dental", area: "Notifications", ticket: "#4881", plan: "Starter", prio: "P3", team: "Platform", ask: "reset emails in the inbox", kb: "KB-130", kbTitle: "Allow-listing our sending domain" },
    ["Check SPF/DKIM results in the headers the customer forwarded", "Send the allow-listing article to the customer", "Ask Platform whether the new sending IP is warmed up"], 60),
  t("Hooli gets 429s despite the raised API rate limit", 24, "done", 4,
    "Hooli's engineering team says they still hit 429 Too Many Requests at about 600 requests per minute, although their limit was raised to 2,000 last month.",
    { customer: "Hooli", area: "Integrations & webhooks", ticket: "#4893", plan: "Enterprise", prio: "P2", team: "API", ask: "the limit they paid for", kb: "KB-415", kbTitle: "Rate limits per key and per workspace" },
    ["Check which limit applies: per key or per workspace", "Look at the 429 responses' headers in the API gateway logs", "Confirm the raised limit was applied to the production workspace"], 75),
  t("Invoice PDF shows the wrong VAT number for EU customers", 21, "in_progress", undefined,
    "Since the billing address form change, invoice PDFs for EU customers show our UK VAT number instead of the Irish one. Two customers need corrected invoices for their quarterly filing.",
    { customer: "Brightwave GmbH", area: "Billing", ticket: "#4904", plan: "Team", prio: "P2", team: "Billing", ask: "corrected invoices before the filing deadline", kb: "KB-122", kbTitle: "Invoice details and tax ids" },
    ["List the invoices issued since the form change for EU addresses", "Ask Billing to regenerate the two customers' invoices", "File a bug for the invoice template"], 180),
  t("Bulk user import fails silently on malformed emails", 19, "done", 5,
    "Admins uploading a CSV of users get 'Import complete' but rows with malformed email addresses are skipped without any message.",
    { customer: "Vandelay Industries", area: "Other", ticket: "#4916", plan: "Team", prio: "P3", team: "Accounts", ask: "a list of the rows that were skipped", kb: "KB-233", kbTitle: "Importing users from CSV" },
    ["Reproduce with a CSV containing one malformed address", "Send the customer the list of skipped rows from the import log", "File a bug for the missing error report"], 60),
  t("GDPR data deletion request from Umbrella Health", 16, "done", 7,
    "Umbrella Health's DPO asks us to delete all personal data of a former employee and to confirm the deletion in writing within the legal deadline.",
    { customer: "Umbrella Health", area: "Other", ticket: "#4930", plan: "Enterprise", prio: "P2", team: "Privacy", ask: "written confirmation of the deletion", kb: "KB-610", kbTitle: "Handling data subject requests" },
    ["Verify the request comes from the customer's registered DPO", "Open a deletion request with the Privacy team", "Send the written confirmation template once Privacy confirms"], 90),
  t("Dashboard charts render blank in Safari 17", 13, "in_progress", undefined,
    "Customers on Safari 17 see empty chart areas on the dashboard; the data tables below the charts are fine. Chrome and Firefox work.",
    { customer: "Pied Piper", area: "Other", ticket: "#4947", plan: "Starter", prio: "P3", team: "Web", ask: "charts working in Safari", kb: "KB-540", kbTitle: "Supported browsers" },
    ["Reproduce on Safari 17 with the customer's dashboard layout", "Check the browser console for canvas errors", "Suggest Chrome or Firefox as a workaround meanwhile"], 120),
  t("Customer charged twice after a plan downgrade", 11, "done", 3,
    "After downgrading from Team to Starter mid-cycle, the customer was charged the Starter price and, a day later, the full Team price again.",
    { customer: "Dunder Mifflin", area: "Billing", ticket: "#4958", plan: "Starter", prio: "P2", team: "Billing", ask: "the Team charge refunded", kb: "KB-119", kbTitle: "Plan changes and proration" },
    ["Compare the subscription events around the downgrade", "Confirm the duplicate charge in the payment provider", "Hand the refund to Billing and reply with the expected timeline"], 45),
  t("Stark Retail escalation: P1 answered after the SLA", 9, "in_progress", undefined,
    "Stark Retail's account manager escalates: their checkout outage ticket last Saturday got its first answer after 6 hours, beyond the 4-hour Enterprise SLA. They want an explanation and assurance.",
    { customer: "Stark Retail", area: "Other", ticket: "#4969", plan: "Enterprise", prio: "P1", team: "Support Leads", ask: "an explanation and a credit", kb: "KB-001", kbTitle: "Support SLAs by plan" },
    ["Build the timeline of the original ticket from the audit log", "Check who was on call on Saturday and why the page was missed", "Draft the account manager's reply with the support lead"], 120),
  t("Search results miss archived projects", 7, "open", undefined,
    "A customer cannot find projects they archived last year through the global search, although the 'include archived' filter is on.",
    { customer: "Wonka Industries", area: "Other", ticket: "#4981", plan: "Team", prio: "P3", team: "Search", ask: "archived projects in search again", kb: "KB-560", kbTitle: "Searching archived items" },
    ["Reproduce with an archived project older than a year", "Check whether the search index excludes archived items after 12 months", "Share the project list view as a workaround"], 60),
  t("Scheduled reports are sent one hour late after the DST change", 5, "in_progress", undefined,
    "Since the clocks changed, weekly scheduled reports arrive at 9:00 instead of 8:00 for customers in Europe. US customers report the same for their own change date.",
    { customer: "Soylent Foods", area: "Notifications", ticket: "#4990", plan: "Team", prio: "P3", team: "Platform", ask: "reports at 8:00 local time", kb: "KB-140", kbTitle: "Scheduled report delivery times" },
    ["Check whether schedules are stored in UTC or local time", "Reproduce with a Europe/Berlin schedule across the DST boundary", "Tell the customer the workaround of re-saving the schedule"], 90),
  t("Trial extension request from Wayne Foods procurement", 3, "open", undefined,
    "Wayne Foods' procurement team asks to extend their Enterprise trial by 30 days because their security review is not finished.",
    { customer: "Wayne Foods", area: "Billing", ticket: "#5003", plan: "Enterprise trial", prio: "P3", team: "Sales Ops", ask: "30 more trial days", kb: "KB-101", kbTitle: "Trials and extensions" },
    ["Check the trial end date and usage", "Forward the request to the account executive", "Reply with the expected decision date"], 20),
  t("Two-factor codes rejected after a phone change", 1, "open", undefined,
    "A user moved to a new phone and restored their authenticator app from a backup; every code is now rejected and they are locked out.",
    { customer: "Cyberdyne Systems", area: "Authentication & SSO", ticket: "#5011", plan: "Team", prio: "P2", team: "Identity", ask: "access to their account today", kb: "KB-215", kbTitle: "Resetting two-factor authentication" },
    ["Verify the user's identity with the workspace admin", "Reset two-factor for the user", "Remind them to check the phone's time sync"], 30),
];

const observations: ObservationTemplate[] = [
  // praise
  { kind: "praise", text: (c) => `${c.person} confirmed the ${c.area} category and ${c.prio} priority for ${c.ticket} without edits.` },
  { kind: "praise", fixedBy: 2, text: (c) => `Reply draft for ${c.customer} went out unchanged; ${c.person} said the customer tone was "just right".` },
  { kind: "praise", fixedBy: 2, text: (c) => `${c.customer} answered "thanks, that's exactly what we needed" to the short reply — matching the customer tone works.` },
  { kind: "praise", fixedBy: 3, text: (c) => `Caught that ${c.ticket} is a duplicate ticket of ${c.ticket2}; ${c.person} merged them and thanked me for the link.` },
  { kind: "praise", fixedBy: 3, text: (c) => `Duplicate check found ${c.ticket2} from the same organisation before anyone replied twice.` },
  { kind: "praise", fixedBy: 2, text: (c) => `${c.person} said the three-bullet summary on ${c.ticket} was the fastest triage they read this week.` },
  { kind: "praise", text: (c) => `Checklist for ${c.ticket} accepted as proposed — ${c.person} liked that reproduction comes before escalation.` },
  { kind: "praise", fixedBy: 4, when: (c) => c.plan.startsWith("Enterprise"), text: (c) => `Enterprise SLA picked up correctly for ${c.customer}; priority stayed ${c.prio} and nobody had to bump it.` },
  { kind: "praise", text: (c) => `Estimate of ${c.mins} min for ${c.ticket} matched the actual handling time almost exactly.` },
  { kind: "praise", text: (c) => `${c.customer} replied within the hour and thanked us for the clear next steps.` },
  { kind: "praise", text: (c) => `Routing to ${c.team} was right first time; no reassignment needed.` },
  { kind: "praise", text: (c) => `${c.person} reused my explanation of the ${c.area} workaround in ${c.kb}.` },
  { kind: "praise", fixedBy: 4, when: (c) => c.area === "Billing", text: (c) => `Refund part of ${c.ticket} went straight to Billing; ${c.person} noted the routing was right.` },
  // complaints
  { kind: "complaint", fixedBy: 2, text: (c) => `${c.person} rewrote my reply to ${c.customer}: too formal and apologetic, it didn't match the customer tone at all.` },
  { kind: "complaint", fixedBy: 2, text: (c) => `Draft reply to ${c.customer} read like a legal notice — ${c.person} asked for plain, friendly wording.` },
  { kind: "complaint", fixedBy: 2, text: (c) => `Apologised three times in one reply; ${c.person} says it sounds insincere and hurts the customer tone.` },
  { kind: "complaint", fixedBy: 3, text: (c) => `Missed that ${c.ticket} is a duplicate ticket of ${c.ticket2}; the customer got two different answers from two engineers.` },
  { kind: "complaint", fixedBy: 3, text: (c) => `Opened a fresh triage for ${c.ticket} although ${c.ticket2} from the same organisation describes the same error — duplicate ticket not detected.` },
  { kind: "complaint", fixedBy: 2, text: (c) => `${c.person} complained the triage summary for ${c.ticket} was far too long to scan in the queue.` },
  { kind: "complaint", fixedBy: 2, text: (c) => `Summary for ${c.ticket} buried the actual error under four paragraphs of context; ${c.person} had to dig for it.` },
  { kind: "complaint", text: (c) => `Proposed too many checklist items for a simple ${c.area} question; ${c.person} removed half of them.` },
  { kind: "complaint", text: (c) => `${c.person}: the reply promised a fix "by Friday" — we never commit to dates.` },
  { kind: "complaint", text: (c) => `Estimate for ${c.ticket} was off by a factor of three (${c.mins} min proposed, it took most of the afternoon).` },
  { kind: "complaint", text: (c) => `Rated low: I asked ${c.customer} for logs they had already attached to ${c.ticket}.` },
  { kind: "complaint", fixedBy: 4, when: (c) => c.plan.startsWith("Enterprise"), text: (c) => `Set ${c.ticket} to P3 although ${c.customer} is on Enterprise; ${c.person} had to bump it to meet the SLA.` },
  // corrections
  { kind: "correction", fixedBy: 4, when: (c) => c.plan.startsWith("Enterprise"), text: (c) => `Priority corrected from P3 to P2 on ${c.ticket}: ${c.customer} is on the Enterprise plan with a 4-hour SLA.` },
  { kind: "correction", fixedBy: 4, when: (c) => c.area === "Billing", text: (c) => `Refund request on ${c.ticket} belongs to Billing, not the general queue; ${c.person} re-routed it.` },
  { kind: "correction", text: (c) => `${c.person} re-routed ${c.ticket} from ${c.area2} to ${c.area} — I misread where the error is raised.` },
  { kind: "correction", text: (c) => `Category corrected on ${c.ticket}: it's a feature request, not a bug. The product works as documented.` },
  { kind: "correction", text: (c) => `${c.person} lowered ${c.ticket} from P2 to P3: only one user affected and a workaround exists.` },
  { kind: "correction", text: (c) => `Estimate changed from ${c.mins} to ${c.mins2} min by ${c.person}: the customer needs a call, not an email.` },
  { kind: "correction", text: (c) => `${c.person} fixed the company name in my reply — it's ${c.customer}, not ${c.otherCustomer}.` },
  { kind: "correction", fixedBy: 2, text: (c) => `${c.person} cut my summary for ${c.ticket} down to impact, evidence and next step.` },
  // ambiguity
  { kind: "ambiguity", text: (c) => `Unclear whether ${c.ticket} is a bug or a feature request; the customer asks for "${c.ask}". Marked it needs-info.` },
  { kind: "ambiguity", text: (c) => `Two plausible owners for this ${c.area} issue (Platform vs ${c.team}); no routing rule covers it.` },
  { kind: "ambiguity", text: (c) => `${c.customer} reports the problem "since the update" but does not say which app version; can't tell whether the latest fix applies.` },
  { kind: "ambiguity", text: (c) => `The screenshot on ${c.ticket} shows a different error than the one described in the text.` },
  { kind: "ambiguity", text: () => `Not sure whether a trial of the Enterprise plan counts as Enterprise for the SLA.` },
  { kind: "ambiguity", text: (c) => `Ticket mixes two problems (${c.area} and an invoice question); splitting it would help but I have no tool for that.` },
  // questions
  { kind: "question", text: () => `Should refund requests over $500 go straight to finance or through the Billing queue?` },
  { kind: "question", text: () => `Is a customer on a trial plan entitled to the P2 response time?` },
  { kind: "question", text: () => `Do we reply in the customer's language when the ticket is not in English, or always in English?` },
  { kind: "question", text: (c) => `${c.person}, should I propose closing tickets that have had no customer reply for 7 days?` },
  { kind: "question", text: () => `When the same customer opens three tickets in a day, should they be merged into one duplicate ticket thread?` },
  { kind: "question", text: (c) => `Who owns ${c.area} escalations on weekends — on-call or ${c.team}?` },
  // info
  { kind: "info", text: (c) => `Checked the status page: no incident open for ${c.area} when ${c.customer} reported it.` },
  { kind: "info", text: (c) => `Linked ${c.ticket} to known issue ${c.kb} (${c.kbTitle}).` },
  { kind: "info", text: (c) => `${c.customer} is on the ${c.plan} plan; first response due within ${c.sla}.` },
  { kind: "info", text: (c) => `Reproduced on staging with the customer's settings in ${c.mins} min; logs attached to ${c.ticket}.` },
  { kind: "info", text: (c) => `Found ${c.n} similar tickets in the last 30 days, none open.` },
  { kind: "info", text: () => `Customer replied with the requested HAR file; re-analysing.` },
  { kind: "info", text: (c) => `Waiting on ${c.team} to confirm the root cause before proposing a status change.` },
  { kind: "info", text: (c) => `No duplicate ticket found for ${c.customer} in the last 30 days.` },
];

const people = ["Sam", "Priya", "the reviewer", "the assignee", "Sam", "Priya"];
const otherCustomers = ["Acme Logistics", "Northwind Traders", "Globex", "Initech", "Hooli", "Stark Retail", "Umbrella Health", "Vandelay Industries"];
const areas = ["Billing", "Authentication & SSO", "Data export", "Integrations & webhooks", "Mobile apps", "Notifications"];
const sla: Record<string, string> = { Enterprise: "4 hours", "Enterprise trial": "4 hours", Team: "1 business day", Starter: "2 business days" };

export const supportTriage: Domain = {
  name: "Support Triage Agent",
  description: "Triages incoming support tickets: product area, priority against the customer's SLA, duplicates, a checklist for the assignee and a first reply in the customer's tone.",
  agentPrefix: "Triage",
  gates: [
    { name: "Correct routing", description: "Product area and owning team are right; duplicates are linked instead of triaged again.", threshold: 0.8, weight: 0.4 },
    { name: "Priority matches SLA", description: "Priority follows impact and the customer's plan (Enterprise never below P2).", threshold: 0.85, weight: 0.35 },
    { name: "Customer tone", description: "The reply mirrors the customer's register, apologises at most once and promises no dates.", threshold: 0.75, weight: 0.25 },
  ],
  versions: [
    { daysAgo: 42, authoredBy: "system", rationale: "Initial version", directives: V1 },
    { daysAgo: 29, authoredBy: "user", authorEmail: SAM, rationale: "Replies read like legal notices and summaries were too long to scan in the queue. Mirror the customer's tone, apologise once at most, cap the summary at three bullets and keep checklists to three to five steps.", directives: V2 },
    { daysAgo: 16, authoredBy: "agent", rationale: "One-on-one #2: missed duplicates were the largest negative cluster since v2 (a duplicate ticket answered twice in 9 observations, 5 rejected checklists). Adds a duplicate check before classification so one customer gets one thread.", directives: V3 },
    { daysAgo: 5, authoredBy: "agent", rationale: "One-on-one #3: priority corrections cluster on Enterprise accounts (most raised P3 → P2 because of the 4-hour SLA), and refund requests were routed to the general queue. Adds the plan lookup to the priority rule and always routes refunds to Billing.", directives: V4 },
  ],
  oneOnOnes: supportTriageSessions,
  tasks,
  observations,
  tails: {
    praise: ["", "", " Keeping this approach.", " Worth keeping in the directives."],
    complaint: ["", "", " Noting it for the weekly review.", " Second time this week.", " Will adjust on the next run."],
    correction: ["", "", " Applied the correction to the draft.", " Recorded for the weekly review."],
    ambiguity: ["", " Asked the assignee to decide.", " Leaving it open until someone confirms."],
    question: ["", " (came up twice this week)"],
    info: [""],
  },
  extra: (r, c) => ({
    sla: sla[c.plan] ?? "1 business day",
    person: r.pick(people),
    ticket2: `#${r.int(4700, 5010)}`,
    otherCustomer: r.pick(otherCustomers),
    area2: r.pick(areas),
    mins: String(r.pick([15, 20, 30, 45, 60, 90])),
    mins2: String(r.pick([60, 90, 120, 180])),
    n: String(r.int(2, 9)),
  }),
  checklistPool: [
    { text: "Search for a duplicate ticket from the same organisation", rejected: ["Already checked: no other ticket from them this month.", "The customer wrote twice on purpose; keep both."] },
    { text: "Confirm the plan and SLA tier in the CRM", rejected: ["The plan is in the ticket header already.", "Not needed: we know this account well."] },
    { text: "Check the status page and the incident channel", rejected: ["No incident this week; it's a single-account problem.", "Already done by the first responder."] },
    { text: "Ask the customer for a HAR file and the exact time of the error", rejected: ["They already attached the HAR file.", "Not for a billing question."] },
    { text: "Link the known issue in the knowledge base", rejected: ["There is no KB article for this yet.", "Wrong article: that one is about a different error."] },
    { text: "Escalate to on-call if more than 5 accounts are affected", rejected: ["We don't escalate to on-call for a single account.", "That's already our standard runbook; don't add it to every ticket."] },
    { text: "Verify the fix with the customer before closing", rejected: ["Duplicate of an item already on the checklist.", "The customer asked us not to follow up."] },
    { text: "Add the workaround to the ticket macro", rejected: ["The workaround is temporary; no macro for it.", "Macros are owned by the support leads; ask them."] },
  ],
  report: (task, r, quality) => {
    const c: Record<string, string> = { ...task.ctx, sla: sla[task.ctx.plan] ?? "1 business day" };
    const evidence = r.pick([
      `the error message in the customer's screenshot and the matching entries in the ${c.team} logs`,
      `${r.int(2, 6)} similar tickets in the last 30 days and the customer's account settings`,
      `a reproduction on staging with the customer's configuration`,
      `the customer's description and ${c.kb} (${c.kbTitle})`,
    ]);
    const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
    const next = r.pick([
      task.checklist[0],
      `Hand over to ${c.team} with the reproduction steps`,
      `Wait for the customer's reply, then ${lower(task.checklist[1])}`,
    ]);
    const greeting = r.pick(["Hi", "Hello", "Hi there"]);
    const questions = r.sample([
      `Is ${c.customer} covered by the ${c.sla} first-response SLA on weekends?`,
      `Should ${c.team} or Platform own the follow-up?`,
      `Do we offer a credit for the delay, or only an explanation?`,
      `Can we share the internal root cause with the customer?`,
    ], r.int(0, 2));
    return [
      `## Triage — ${c.ticket}: ${task.title}`,
      "",
      `**Area:** ${c.area} · **Priority:** ${c.prio} · **Owner:** ${c.team} · **Plan:** ${c.plan}`,
      "",
      `- **Impact:** ${c.customer} (${c.plan}, first response within ${c.sla}) — ${task.description.split(". ")[0].replace(/\.$/, "")}.`,
      `- **Evidence:** ${evidence}.`,
      `- **Next step:** ${next}.`,
      "",
      "### Proposed reply",
      "",
      `> ${greeting}, thanks for the details on this. We can see the problem on our side and ${c.team} is looking into it now. ${quality > 0.8 ? `Meanwhile, our article "${c.kbTitle}" (${c.kb}) may help; we'll confirm either way.` : "We'll get back to you as soon as we know more."}`,
      ...(questions.length ? ["", "### Open questions", "", ...questions.map((q) => `- ${q}`)] : []),
    ].join("\n");
  },
  estimateReasons: [
    "similar tickets took about that long including one customer round-trip",
    "reproduction is quick; most of the time goes to waiting for the owning team",
    "based on the last three tickets in this area",
    "includes a call with the customer's admin",
  ],
  reasons: {
    estimateTooLow: [
      "Too low — these always need a call with the customer's admin.",
      "Too optimistic: the owning team takes a day to answer.",
      "Include the customer round-trip, not just our part.",
    ],
    estimateTooHigh: [
      "Way too high for a known issue with a KB article.",
      "That's a day of work for a 20-minute answer.",
      "Billing tickets wait on finance; estimate our part only.",
    ],
    statusRejected: [
      "Too early — still waiting on the customer's confirmation.",
      "Not done: the workaround is shared but the bug is still open.",
      "Nobody has picked this up yet.",
      "The customer asked a follow-up question yesterday.",
    ],
    deferred: [
      "Revisit after Thursday's release.",
      "Need to check with Billing first.",
      "Waiting for the customer's security team.",
      "Let's decide in Monday's support sync.",
    ],
    confirmed: ["Looks right.", "Good catch.", "Yes, go ahead.", "Agreed."],
  },
  statusSummaries: {
    in_progress: [
      "Move to in progress: reproduction confirmed on staging",
      "Move to in progress: the owning team picked it up",
      "Move to in progress: customer sent the requested logs",
    ],
    done: [
      "Mark as done: the customer confirmed the fix",
      "Mark as done: fix deployed and verified with the customer",
      "Mark as done: no reply for 7 days after the workaround",
    ],
    premature: [
      "Mark as done: workaround shared with the customer",
      "Mark as done: fix is merged",
    ],
  },
  gateFeedback: {
    "Correct routing": ["Check for an open duplicate ticket from the same organisation before triaging.", "Refund requests belong to Billing.", "The error is raised by the identity provider, not our login form."],
    "Priority matches SLA": ["Enterprise customer: priority cannot be below P2.", "Only one user affected with a workaround: P3 is enough.", "Data at risk for many users: this is P1."],
    "Customer tone": ["Reply is much more formal than the customer's message.", "Apologises three times; once is enough.", "Do not promise a date."],
  },
  failureErrors: [
    "Model call timed out after one retry (60 s).",
    "Provider returned 529 (overloaded) twice.",
    "Tool call rejected: propose_estimate.minutes must be a whole number of minutes.",
  ],
};
