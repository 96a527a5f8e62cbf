import type { Page } from "@playwright/test";
import { AgentPage } from "./agent-page";
import { AgentsPage } from "./agents-page";
import { DevMailboxPage } from "./dev-mailbox-page";
import { InboxPage } from "./inbox-page";
import { InvitationPage } from "./invitation-page";
import { LabelsPage } from "./labels-page";
import { MembersPage } from "./members-page";
import { NotificationsPage } from "./notifications-page";
import { OneOnOnePage } from "./one-on-one-page";
import { RitualReviewPage } from "./ritual-review-page";
import { RunPage } from "./run-page";
import { SchedulePage } from "./schedule-page";
import { SearchPage } from "./search-page";
import { SignInPage } from "./sign-in-page";
import { TaskPage } from "./task-page";
import { TasksPage } from "./tasks-page";
import { TemplatePage } from "./template-page";
import { TemplatesPage } from "./templates-page";
import { WorkspacePage } from "./workspace-page";

export { OneOnOnePage, TemplatePage };

/** Every page object, on one browser page: what the `app` fixture gives a spec. */
export function pagesOf(page: Page) {
  return {
    page,
    signIn: new SignInPage(page),
    workspace: new WorkspacePage(page),
    templates: new TemplatesPage(page),
    template: new TemplatePage(page),
    oneOnOne: new OneOnOnePage(page),
    ritualReview: new RitualReviewPage(page),
    inbox: new InboxPage(page),
    labels: new LabelsPage(page),
    agents: new AgentsPage(page),
    agent: new AgentPage(page),
    run: new RunPage(page),
    tasks: new TasksPage(page),
    task: new TaskPage(page),
    search: new SearchPage(page),
    members: new MembersPage(page),
    invitation: new InvitationPage(page),
    schedule: new SchedulePage(page),
    notifications: new NotificationsPage(page),
    mailbox: new DevMailboxPage(page),
  };
}

export type App = ReturnType<typeof pagesOf>;
