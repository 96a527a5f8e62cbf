// Demo content: the "Release Notes Writer" template (3 versions; the one-on-ones behind v3 are in
// release-notes-sessions.ts), its tasks and the phrase templates its agents' notes are built from.
import { releaseNotesSessions } from "./release-notes-sessions";
import type { Domain, ObservationTemplate, TaskSpec } from "./types";

const PRIYA = "priya.nair@agent-coach.local";

const V1 = `You are the Release Notes Writer. For each release task, turn the merged pull requests, closed issues and the product team's notes into clear release notes for our customers.

Structure every draft as:
- A one-sentence summary of the release.
- New: features customers can use now.
- Improved: changes to existing behaviour.
- Fixed: bugs customers may have noticed.

Each entry is one sentence that starts with what the customer can now do. Link the documentation page when one exists. Keep the draft under 400 words; a patch release needs only the Fixed section.

Propose a checklist of what must be confirmed before publishing, an estimate in minutes, and status changes when the draft is ready for review (in progress) or published (done).`;

const V2 = `You are the Release Notes Writer. For each release task, turn the merged pull requests, closed issues and the product team's notes into clear release notes for our customers.

Audience: customers, not engineers. Never mention internal ticket keys, pull request numbers, code names, team names or internal tools. Explain the benefit in the customer's words ("You can now export the audit log as CSV"), not the implementation ("Added CSV serializer to AuditLogService"). Prefer plain words over "leverage", "utilize" or "robust".

Release date: never state a release date unless the release manager confirmed it in the task. Otherwise write "coming soon" and propose a checklist item to confirm the release date before publishing.

Structure every draft as:
- A one-sentence summary of the release.
- New: features customers can use now.
- Improved: changes to existing behaviour.
- Fixed: bugs customers may have noticed.

Each entry is one sentence that starts with what the customer can now do. Link the documentation page when one exists. Keep the draft under 400 words; a patch release needs only the Fixed section.

Propose a checklist of what must be confirmed before publishing, an estimate in minutes, and status changes when the draft is ready for review (in progress) or published (done).`;

const V3 = `You are the Release Notes Writer. For each release task, turn the merged pull requests, closed issues and the product team's notes into clear release notes for our customers.

Audience: customers, not engineers. Never mention internal ticket keys, pull request numbers, code names, team names or internal tools. Explain the benefit in the customer's words ("You can now export the audit log as CSV"), not the implementation ("Added CSV serializer to AuditLogService"). Prefer plain words over "leverage", "utilize" or "robust".

Release date: never state a release date unless the release manager confirmed it in the task. Otherwise write "coming soon" and propose a checklist item to confirm the release date before publishing.

Structure every draft as:
- A one-sentence summary of the release.
- Breaking changes: first, whenever a change can break an integration, a script or a saved setting (API fields, defaults, formats, removed options). Say who is affected, what to do and by when, and link the migration guide. If no guide exists yet, propose a checklist item to write one and keep the task in progress.
- New: features customers can use now.
- Improved: changes to existing behaviour.
- Fixed: bugs customers may have noticed.
- Known issues: copied from the QA sign-off, with workarounds.

Each entry is one sentence that starts with what the customer can now do. Link the documentation page when one exists. Keep the draft under 400 words; a patch release needs only the Fixed and Known issues sections.

Propose a checklist of what must be confirmed before publishing, an estimate in minutes, and status changes when the draft is ready for review (in progress) or published (done).`;

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
  t("Release notes for v2.14 (bulk edit, audit log export)", 39, "done", 4,
    "Write the customer-facing notes for v2.14. Headline features: bulk edit for records and CSV export of the audit log. 31 PRs merged since v2.13.",
    { version: "v2.14", component: "audit log", feature: "Bulk edit", feature2: "Audit log export", audience: "workspace admins", date: "Tuesday 14:00 UTC", codeName: "Project Falcon", pr: "PLAT-2291", docs: "docs/bulk-edit" , benefit: "edit up to 500 records at once from any list view", benefit2: "export the full audit log as CSV for your compliance reviews" },
    ["Collect merged PRs since v2.13", "Get a one-line benefit for bulk edit from the PM", "Check the audit log export screenshots"], 120),
  t("Changelog entry: public API v1 deprecation", 37, "done", 3,
    "Announce that API v1 endpoints are deprecated and will stop working in six months. Developers must move to v2; the migration guide is in review.",
    { version: "API v2", component: "public API", feature: "API v2", feature2: "Deprecation headers", audience: "developers", date: "the first of next quarter", codeName: "Sunset", pr: "API-877", docs: "docs/api/v2-migration" , benefit: "build on API v2, which covers every v1 endpoint with consistent errors", benefit2: "see a Deprecation header on every v1 response, with the shutdown date" },
    ["Confirm the shutdown date with the API team", "Link the v2 migration guide", "List the v1 endpoints without a v2 equivalent"], 90),
  t("Release notes for iOS 5.3", 34, "done", 2,
    "App Store 'What's new' text and the longer blog post for iOS 5.3: offline mode for checklists, faster sync, and a fix for the login screen on iPad.",
    { version: "iOS 5.3", component: "iOS app", feature: "Offline checklists", feature2: "Faster sync", audience: "field teams", date: "Thursday", codeName: "Tundra", pr: "MOB-1410", docs: "docs/mobile/offline" , benefit: "work through checklists without a connection; changes sync when you are back online", benefit2: "sync up to twice as fast on large projects" },
    ["Keep the store text under 170 characters", "Confirm the App Store review has passed", "Check the iPad login fix is in the build"], 60),
  t("Migration guide for the new webhook signature format", 31, "done", 8,
    "Webhooks move from HMAC-SHA1 to HMAC-SHA256 signatures with a timestamp. Write the migration guide and the changelog entry; both signatures are sent during a 90-day transition.",
    { version: "Webhooks 2024-06", component: "webhook signatures", feature: "SHA-256 signatures", feature2: "Replay protection", audience: "developers", date: "the end of the 90-day transition", codeName: "Sigv2", pr: "INT-655", docs: "docs/webhooks/signatures" , benefit: "verify webhooks with SHA-256 signatures", benefit2: "reject replayed deliveries using the signed timestamp" },
    ["Write verification snippets for Node, Python and Ruby", "Confirm the transition end date", "Ask Integrations to review the snippets"], 300),
  t("Release notes for v2.15 — SAML SSO generally available", 28, "done", 5,
    "v2.15 makes SAML SSO generally available for Enterprise, adds SCIM provisioning in beta and fixes the timezone bug in scheduled reports.",
    { version: "v2.15", component: "SSO settings", feature: "SAML SSO", feature2: "SCIM provisioning (beta)", audience: "IT administrators", date: "next Tuesday", codeName: "Keystone", pr: "ID-1022", docs: "docs/sso/saml" , benefit: "sign in with your identity provider through SAML SSO, now on every Enterprise workspace", benefit2: "provision and deprovision users from your IdP with SCIM (beta)" },
    ["Confirm SAML SSO plan availability with Sales Ops", "Label SCIM clearly as beta", "Add the IdP setup guides to the links"], 150),
  t("Status page summary for hotfix 2.15.2", 25, "done", 1,
    "Short status page post for hotfix 2.15.2, which fixes duplicate notification emails sent after the v2.15 release.",
    { version: "2.15.2", component: "notification emails", feature: "Duplicate email fix", feature2: "Notification digest", audience: "all customers", date: "Friday 16:00 UTC", codeName: "Echo", pr: "PLAT-2377", docs: "status page" , benefit: "receive each notification email once again", benefit2: "get a daily digest instead of individual notifications, if you prefer" },
    ["State the affected time window", "Confirm the fix is deployed to all regions"], 30),
  t("Customer notes for the billing engine migration", 22, "in_progress", undefined,
    "We are moving invoices to the new billing engine. Customers will see new invoice numbers and a new PDF layout; payment methods carry over. Needs notes for admins and a FAQ.",
    { version: "Billing 2.0", component: "invoices", feature: "New invoice layout", feature2: "Invoice numbering", audience: "billing contacts", date: "the start of next month", codeName: "Ledger", pr: "BILL-932", docs: "docs/billing/new-invoices" , benefit: "download invoices in a clearer layout with a line per seat", benefit2: "find invoices by their new, shorter invoice numbers" },
    ["Get finance to approve the wording on invoice numbers", "Confirm the switch-over date", "Write the FAQ on payment methods"], 240),
  t("Release notes for CLI 1.8 (config profiles)", 20, "done", 3,
    "CLI 1.8 adds named config profiles, shell completion for zsh and fish, and changes the default output format of `list` commands to a table.",
    { version: "CLI 1.8", component: "CLI output", feature: "Config profiles", feature2: "Shell completion", audience: "developers", date: "Wednesday", codeName: "Shellfish", pr: "CLI-310", docs: "docs/cli/profiles" , benefit: "switch between accounts with named config profiles", benefit2: "complete commands with Tab in zsh and fish" },
    ["Call out the new default output format", "Add the upgrade command for Homebrew and npm"], 90),
  t("Known issues section for v2.16", 17, "done", 4,
    "Turn the QA sign-off for v2.16 into a customer-facing known issues section with workarounds.",
    { version: "v2.16", component: "dashboard", feature: "Known issues", feature2: "Workarounds", audience: "all customers", date: "Monday", codeName: "Nightjar", pr: "QA-148", docs: "docs/known-issues" , benefit: "see every known issue of v2.16 with its workaround in one place", benefit2: "check the status of each known issue from the docs page" },
    ["Copy the open items from the QA sign-off", "Write a workaround for each item", "Remove anything fixed since sign-off"], 60),
  t("October product update email", 14, "done", 6,
    "Monthly product update email to all admins: highlights from v2.15 and v2.16, one customer story and what's coming next.",
    { version: "October update", component: "email", feature: "Dark mode", feature2: "SAML SSO", audience: "workspace admins", date: "the 3rd", codeName: "Newsletter", pr: "MKT-77", docs: "blog" , benefit: "switch the whole app to dark mode", benefit2: "sign in with SAML SSO on Enterprise" },
    ["Pick three highlights", "Get approval for the customer story", "Check every link in the email"], 180),
  t("Release notes for v2.16 (dark mode, keyboard shortcuts)", 12, "done", 5,
    "v2.16 ships dark mode, keyboard shortcuts for the task board and a faster dashboard. It also removes the legacy 'classic view' setting.",
    { version: "v2.16", component: "classic view setting", feature: "Dark mode", feature2: "Keyboard shortcuts", audience: "all users", date: "Tuesday 09:00 UTC", codeName: "Midnight", pr: "WEB-3104", docs: "docs/shortcuts" , benefit: "switch to dark mode from your profile menu", benefit2: "move around the task board without a mouse; press ? for the list of shortcuts" },
    ["Flag the removal of classic view as a breaking change", "Add the shortcut cheat sheet link", "Confirm dark mode screenshots"], 120),
  t("Android 5.4 'What's new' store text", 8, "in_progress", undefined,
    "Store listing text for Android 5.4: photo upload fix for Android 14, offline checklists, new widget.",
    { version: "Android 5.4", component: "Android app", feature: "Home screen widget", feature2: "Offline checklists", audience: "field teams", date: "next Monday", codeName: "Sprout", pr: "MOB-1502", docs: "docs/mobile/widget" , benefit: "add a home screen widget with today's jobs", benefit2: "work through checklists offline" },
    ["Keep the text under 500 characters", "Mention the Android 14 photo upload fix", "Confirm the Play Store review date"], 45),
  t("Breaking change notice: API pagination cursor format", 6, "in_progress", undefined,
    "API list endpoints switch from page numbers to opaque cursors. Integrations that build page URLs themselves will break. Needs a notice, migration steps and a date.",
    { version: "API 2024-11", component: "API pagination", feature: "Cursor pagination", feature2: "Larger page sizes", audience: "developers", date: "January 15", codeName: "Scroll", pr: "API-951", docs: "docs/api/pagination" , benefit: "page through list endpoints with stable cursors", benefit2: "request up to 500 items per page" },
    ["Write before/after request examples", "Confirm the cut-over date with the API team", "List the affected endpoints"], 150),
  t("Internal release summary for the support team (v2.17)", 4, "open", undefined,
    "One-page summary of v2.17 for support: what changes for customers, expected questions and where to route them.",
    { version: "v2.17", component: "workflow builder", feature: "Workflow automations", feature2: "Approval steps", audience: "the support team", date: "next Thursday", codeName: "Relay", pr: "WF-220", docs: "internal wiki" , benefit: "automate routine steps with triggers, conditions and actions", benefit2: "add approval steps to any workflow" },
    ["List expected customer questions", "Add routing for automation bugs"], 60),
  t("Release notes for v2.17 beta (workflow automations)", 2, "open", undefined,
    "Beta channel notes for workflow automations: triggers, conditions and approval steps. Opt-in only; not in the public changelog yet.",
    { version: "v2.17 beta", component: "workflow builder", feature: "Workflow automations", feature2: "Approval steps", audience: "beta customers", date: "next Thursday", codeName: "Relay", pr: "WF-231", docs: "docs/beta/automations" , benefit: "try workflow automations in the beta channel", benefit2: "require an approval before a workflow continues" },
    ["Mark everything as beta", "Explain how to opt out", "Link the feedback form"], 90),
  t("Security fix disclosure for 2.16.1", 10, "in_progress", undefined,
    "Disclose the fix for an access control issue in shared dashboards (fixed in 2.16.1). Legal must approve the wording; the CVE is pending.",
    { version: "2.16.1", component: "shared dashboards", feature: "Access control fix", feature2: "Share link expiry", audience: "workspace admins", date: "the 28th", codeName: "Lockbox", pr: "SEC-41", docs: "security advisories" , benefit: "rely on shared dashboards being visible only to the people you shared them with", benefit2: "set an expiry date on share links" },
    ["Get legal review of the disclosure wording", "Wait for the CVE id", "Say which versions are affected"], 120),
];

const observations: ObservationTemplate[] = [
  // praise
  { kind: "praise", text: (c) => `${c.person} published the ${c.version} notes with only one wording change.` },
  { kind: "praise", fixedBy: 2, text: (c) => `No internal jargon in the ${c.version} draft this time — ${c.person} called it "ready for customers".` },
  { kind: "praise", fixedBy: 2, text: (c) => `Release date taken from the release manager's confirmation in the task; ${c.person} checked and it matched.` },
  { kind: "praise", fixedBy: 3, text: (c) => `Breaking changes section with the migration guide link was exactly what ${c.person} wanted for ${c.version}.` },
  { kind: "praise", fixedBy: 3, text: (c) => `Known issues list for ${c.version} matched the QA sign-off exactly; nothing missing.` },
  { kind: "praise", text: (c) => `Support said the "${c.feature}" entry answered a question they get every week.` },
  { kind: "praise", text: (c) => `Entries grouped New / Improved / Fixed made the review quick; ${c.person} approved in one pass.` },
  { kind: "praise", text: (c) => `${c.person} liked leading each item with what ${c.audience} can now do.` },
  { kind: "praise", text: (c) => `The one-sentence summary of ${c.version} was reused as the email subject line.` },
  // complaints
  { kind: "complaint", fixedBy: 2, text: (c) => `Draft for ${c.version} mentioned "${c.codeName}" — internal code names must never reach customers.` },
  { kind: "complaint", fixedBy: 2, text: (c) => `${c.person} removed ticket keys like ${c.pr} from the customer-facing text.` },
  { kind: "complaint", fixedBy: 2, text: (c) => `Wrong release date: I wrote ${c.date} but the release moved a week; ${c.person} caught it before publishing.` },
  { kind: "complaint", fixedBy: 2, text: () => `Used the release date from an old planning doc instead of the release manager's message.` },
  { kind: "complaint", fixedBy: 3, text: (c) => `Missed the breaking change in the ${c.component}: ${c.person} had to add the migration steps by hand.` },
  { kind: "complaint", fixedBy: 3, text: (c) => `No link to the migration guide although ${c.version} has a breaking change in the ${c.component}.` },
  { kind: "complaint", text: (c) => `Draft ran to ${c.words} words; ${c.person} asked for half that.` },
  { kind: "complaint", text: (c) => `The "${c.feature2}" entry describes the implementation, not what ${c.audience} get out of it.` },
  { kind: "complaint", text: () => `Listed a PR that was reverted before the release.` },
  { kind: "complaint", fixedBy: 2, text: (c) => `${c.person}: "leverage", "utilize" and "robust" in one paragraph — please write like a person.` },
  // corrections
  { kind: "correction", text: (c) => `${c.person} moved "${c.feature2}" from Fixed to Improved — it was never broken.` },
  { kind: "correction", text: (c) => `${c.person} corrected the audience: these notes go to ${c.audience}, not to everyone.` },
  { kind: "correction", fixedBy: 2, text: (c) => `Release date corrected to ${c.date} by ${c.person}.` },
  { kind: "correction", text: (c) => `Feature name corrected: it ships as "${c.feature}", not under its working title.` },
  { kind: "correction", text: (c) => `${c.person} split the ${c.component} entry into two items; one covered two unrelated changes.` },
  { kind: "correction", fixedBy: 3, text: (c) => `${c.person} moved the ${c.component} change to the top as a breaking change.` },
  // ambiguity
  { kind: "ambiguity", text: (c) => `Unclear whether ${c.feature} ships to all plans or only Enterprise in ${c.version}; the PR description and the pricing page disagree.` },
  { kind: "ambiguity", text: () => `Two PRs describe the same fix with different wording; not sure which one reflects the final behaviour.` },
  { kind: "ambiguity", text: () => `No confirmed release date in the task yet; wrote "coming soon" and added a checklist item.` },
  { kind: "ambiguity", text: (c) => `The changelog and the docs disagree on the default for the ${c.component}; left a question for the PM.` },
  { kind: "ambiguity", text: (c) => `Is the ${c.component} change a breaking change if only the output format changes?` },
  // questions
  { kind: "question", text: () => `Should beta features appear in the public notes or only in the beta channel post?` },
  { kind: "question", text: () => `Do we credit external contributors by name in the notes?` },
  { kind: "question", text: (c) => `${c.person}, should security fixes list a CVE id before the disclosure date?` },
  { kind: "question", text: (c) => `Should the notes for ${c.version} include the API changelog or link to it?` },
  { kind: "question", text: () => `Who confirms the release date for mobile — the release manager or the app store submission owner?` },
  // info
  { kind: "info", text: (c) => `Collected ${c.n} merged PRs since the previous tag; ${c.m} are visible to customers.` },
  { kind: "info", text: (c) => `Docs page for "${c.feature}" exists: ${c.docs}.` },
  { kind: "info", text: (c) => `QA sign-off for ${c.version} lists ${c.k} known issues.` },
  { kind: "info", text: (c) => `Release manager confirmed ${c.date} as the release date in the task thread.` },
  { kind: "info", text: (c) => `Screenshots for "${c.feature}" updated to match the shipped UI.` },
  { kind: "info", text: (c) => `Waiting for the PM's one-line benefit statement for "${c.feature2}".` },
];

const people = ["Priya", "Sam", "the reviewer", "the PM", "Priya", "Sam"];

export const releaseNotes: Domain = {
  name: "Release Notes Writer",
  description: "Drafts customer-facing release notes and changelog entries from merged pull requests and product notes, with breaking changes, known issues and a confirmed release date.",
  agentPrefix: "Release notes",
  gates: [
    { name: "Accuracy", description: "Every entry traces to a merged, unreverted change; dates and versions are confirmed.", threshold: 0.9, weight: 0.5 },
    { name: "Audience fit", description: "Written for customers: benefits first, no ticket keys, code names or jargon.", threshold: 0.8, weight: 0.3 },
    { name: "Completeness", description: "Breaking changes with migration steps and known issues are present when they apply.", threshold: 0.8, weight: 0.2 },
  ],
  versions: [
    { daysAgo: 41, authoredBy: "system", rationale: "Initial version", directives: V1 },
    { daysAgo: 24, authoredBy: "user", authorEmail: PRIYA, rationale: "Drafts leaked internal jargon (ticket keys, code names like \"Project Falcon\") and twice used a release date that had moved. Write for customers and only state a release date the release manager confirmed.", directives: V2 },
    { daysAgo: 10, authoredBy: "agent", rationale: "One-on-one #2: most rejected drafts lacked a breaking-change notice or migration steps (7 of 10 rejections), and known issues were added by hand. Adds a Breaking changes section first, with the migration guide link, and a Known issues section from the QA sign-off.", directives: V3 },
  ],
  oneOnOnes: releaseNotesSessions,
  tasks,
  observations,
  tails: {
    praise: ["", "", " Keeping this pattern.", " Worth keeping in the directives."],
    complaint: ["", "", " Noting it for the weekly review.", " Same as last week.", " Will adjust on the next draft."],
    correction: ["", "", " Applied to the draft.", " Recorded for the weekly review."],
    ambiguity: ["", " Asked the PM.", " Leaving it open until the release manager confirms."],
    question: ["", " (came up twice this week)"],
    info: [""],
  },
  extra: (r) => ({
    person: r.pick(people),
    n: String(r.int(12, 64)),
    m: String(r.int(5, 11)),
    k: String(r.int(1, 4)),
    words: String(r.pick([620, 740, 880, 1050])),
  }),
  checklistPool: [
    { text: "Confirm the release date with the release manager", rejected: ["The release manager already confirmed the date in the channel.", "Date is fixed by the app store review, not by us."] },
    { text: "Remove internal ticket keys and code names", rejected: ["Already clean; nothing to remove.", "Part of the release checklist template already."] },
    { text: "Flag breaking changes and link the migration guide", rejected: ["Nothing in this release breaks anything.", "There is no migration guide for a store listing."] },
    { text: "Copy known issues from the QA sign-off", rejected: ["QA signed off with no open issues.", "Known issues go in the separate known issues page."] },
    { text: "Check that screenshots match the shipped UI", rejected: ["We don't need screenshots for a patch release.", "No screenshots in this post."] },
    { text: "Ask the PM for a one-line customer benefit per feature", rejected: ["The PM already wrote them in the release brief.", "Too many steps for a short post; write them yourself."] },
    { text: "Schedule the changelog post for release day", rejected: ["Marketing schedules the post, not us.", "Already scheduled."] },
  ],
  report: (task, r, quality) => {
    const c = task.ctx;
    const summary = r.pick([
      `${c.version} brings ${c.feature.toLowerCase()} and ${c.feature2.toLowerCase()} to ${c.audience}.`,
      `This release focuses on ${c.feature.toLowerCase()}, with smaller improvements across the product.`,
      `${c.feature} is here, plus ${c.feature2.toLowerCase()} and a round of fixes.`,
    ]);
    const breaking = quality > 0.8 && /API|CLI|v2\.16|Webhooks|Billing/.test(c.version);
    const fixes = r.sample([
      "Charts no longer render blank in Safari 17.",
      "Scheduled reports arrive at the right local time after a daylight-saving change.",
      "Password reset emails are no longer flagged as spam by Outlook.",
      "Large CSV exports no longer time out.",
      "Photo uploads work again on Android 14.",
    ], r.int(1, 3));
    const confidence = quality > 0.85 ? "high — every entry traced to a merged change" : quality > 0.7 ? "medium — two entries need the PM's wording" : "low — release date and plan availability unconfirmed";
    return [
      `## Draft release notes — ${c.version}`,
      "",
      summary,
      ...(breaking ? ["", "### Breaking changes", "", `- **${c.component}:** ${c.audience} relying on the old behaviour must update by ${c.date}. See the migration guide (${c.docs}).`] : []),
      "",
      "### New",
      "",
      `- **${c.feature}:** you can now ${c.benefit}. (See ${c.docs}.)`,
      "",
      "### Improved",
      "",
      `- **${c.feature2}:** you can now ${c.benefit2}.`,
      "",
      "### Fixed",
      "",
      ...fixes.map((f) => `- ${f}`),
      "",
      `_Release date: ${quality > 0.75 ? c.date + " (confirmed by the release manager)" : "coming soon"}. Confidence: ${confidence}._`,
    ].join("\n");
  },
  estimateReasons: [
    "similar releases took about that long including one review round",
    "most of the time goes to confirming details with the PM",
    "based on the last three release notes",
    "includes writing the migration examples",
  ],
  reasons: {
    estimateTooLow: [
      "Too low — legal review alone takes a day.",
      "Include the review round with the PM.",
      "Too optimistic for a release with a migration guide.",
    ],
    estimateTooHigh: [
      "Store text doesn't need that long.",
      "The migration examples are already written by the API team.",
      "Way too high; it's a short post.",
    ],
    statusRejected: [
      "Not published yet — waiting for the release to go out.",
      "Legal hasn't approved the wording.",
      "The PM hasn't reviewed the draft.",
      "Still missing the known issues section.",
    ],
    deferred: [
      "Revisit once the release date is confirmed.",
      "Waiting for legal review.",
      "Let's decide after the release readiness meeting.",
      "Depends on whether the feature makes the cut.",
    ],
    confirmed: ["Looks good.", "Yes.", "Good call.", "Agreed, thanks."],
  },
  statusSummaries: {
    in_progress: [
      "Move to in progress: first draft ready for the PM's review",
      "Move to in progress: PR list collected, drafting",
      "Move to in progress: waiting on review comments",
    ],
    done: [
      "Mark as done: notes published on the changelog",
      "Mark as done: published and linked from the in-app banner",
      "Mark as done: store text submitted and approved",
    ],
    premature: [
      "Mark as done: draft approved by the PM",
      "Mark as done: notes written",
    ],
  },
  gateFeedback: {
    Accuracy: ["One entry refers to a reverted change.", "The release date is not confirmed in the task.", "The version number in the title is wrong."],
    "Audience fit": ["Remove the ticket key and the code name.", "Lead with the customer benefit, not the implementation.", "Too much jargon for billing contacts."],
    Completeness: ["The removal of a setting is a breaking change: add it with migration steps.", "Known issues from the QA sign-off are missing.", "Link the documentation page."],
  },
  failureErrors: [
    "Model call timed out after one retry (60 s).",
    "Provider returned 529 (overloaded) twice.",
    "Context too long: the PR list exceeded the input budget.",
  ],
};
