import "server-only";

export { DEFAULT_WINDOW_DAYS, fitTemplateDecisionModel, loadDecisionRows, type StoredFit } from "./fit-template";
export { latestDecisionModel } from "./queries";
export { decisionModelForImprover } from "./for-improver";
export { getWhatPeopleAccept, type WhatPeopleAccept } from "./view";
