import type { LanguageModel } from "ai";
import { builtinModel } from "@/ai/providers/builtin";

// Which models play the roles. By default the built-in deterministic model plays every one, even
// when AI_PROVIDER is set (a lab run must not spend tokens by surprise, and the same seed must give
// the same run); `--provider` leaves every role to the registry (getModel), as the app does.

export type LabModels = {
  task: { execute?: LanguageModel; evaluate?: LanguageModel; refine?: LanguageModel };
  improver?: LanguageModel;
  classifier?: LanguageModel;
};

export function labModels(provider: boolean): LabModels {
  if (provider) return { task: {} };
  return {
    task: { execute: builtinModel("task"), evaluate: builtinModel("evaluator"), refine: builtinModel("refiner") },
    improver: builtinModel("improver"),
    classifier: builtinModel("classifier"),
  };
}
