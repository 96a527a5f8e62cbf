import type { LanguageModel } from "ai";
import { defaultRegistry, type ModelRegistry } from "@/ai/models";
import { builtinModel } from "@/ai/providers/builtin";

// Which models play the roles. By default the built-in deterministic model plays every one, even
// when AI_PROVIDER is set (a lab run must not spend tokens by surprise, and the same seed must give
// the same run); `--provider` takes every role's model from the registry the environment configures
// (AI_PROVIDER…), as the app does — or from the registry a test passes.

export type LabModels = {
  task: { execute?: LanguageModel; evaluate?: LanguageModel; refine?: LanguageModel };
  improver?: LanguageModel;
  classifier?: LanguageModel;
};

export function labModels(provider: boolean, registry?: ModelRegistry): LabModels {
  if (provider) {
    const models = registry ?? defaultRegistry();
    return {
      task: { execute: models.getModel("task"), evaluate: models.getModel("evaluator"), refine: models.getModel("refiner") },
      improver: models.getModel("improver"),
      classifier: models.getModel("classifier"),
    };
  }
  return {
    task: { execute: builtinModel("task"), evaluate: builtinModel("evaluator"), refine: builtinModel("refiner") },
    improver: builtinModel("improver"),
    classifier: builtinModel("classifier"),
  };
}
