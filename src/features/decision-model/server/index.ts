import "server-only";

export { fitTemplateDecisionModel, type StoredFit } from "./fit-template";
export { latestDecisionModel } from "./queries";
export { decisionModelForImprover } from "./for-improver";
export { getWhatPeopleAccept, type WhatPeopleAccept } from "./view";
