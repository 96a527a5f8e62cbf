import "server-only";
import type { LanguageModel } from "ai";
import { AI_PROVIDER_KEY_VARS, aiConfigProblems, env, type AiProvider, type Env } from "@/env";
import { modelIdleTimeoutMs, notStreamedAnswerMs } from "./limits";
import { builtinModel } from "./providers/builtin";
import { hostedProvider } from "./providers/hosted";
import { withSettledStreams } from "./stream-guard";

// The model registry: which language model serves each role. AI_PROVIDER picks a hosted or local
// provider (providers/hosted.ts); unset, every role gets the built-in deterministic model
// (providers/builtin). Services take models as optional arguments, so tests pass AI SDK mock
// models and never reach the providers. Every hosted model is guarded (stream-guard.ts): a call
// that receives nothing for AI_IDLE_TIMEOUT_SECONDS is given up ("The model stopped answering").

export const MODEL_ROLES = ["task", "evaluator", "refiner", "classifier", "improver"] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

export const ROLE_ENV_VARS = {
  task: "AI_MODEL_TASK",
  evaluator: "AI_MODEL_EVALUATOR",
  refiner: "AI_MODEL_REFINER",
  classifier: "AI_MODEL_CLASSIFIER",
  improver: "AI_MODEL_IMPROVER",
} as const satisfies Record<ModelRole, keyof Env>;

/** Used when neither AI_MODEL nor a per-role variable is set (openai-compatible has none: AI_MODEL is required). */
export const DEFAULT_MODELS = {
  openai: "gpt-4o-mini",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
} as const satisfies Partial<Record<AiProvider, string>>;

/** The model variables of a parsed Env; all optional, as unset ones are undefined. */
export type AiEnv = Partial<
  Pick<Env, "AI_PROVIDER" | "AI_API_KEY" | "AI_BASE_URL" | "AI_MODEL" | "AI_STRUCTURED_OUTPUTS" | "AI_OPENAI_API" | "AI_IDLE_TIMEOUT_SECONDS" | (typeof AI_PROVIDER_KEY_VARS)[keyof typeof AI_PROVIDER_KEY_VARS] | (typeof ROLE_ENV_VARS)[ModelRole]>
>;

export type ModelsDescription = {
  provider: AiProvider | "builtin";
  builtIn: boolean;
  models: Record<ModelRole, string>;
  /** Origin of AI_BASE_URL (no path, query or credentials), when one is set. */
  baseUrl?: string;
};

export type ModelRegistry = {
  getModel(role: ModelRole, modelId?: string | null): LanguageModel;
  describe(): ModelsDescription;
};

export class ModelConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid model configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "ModelConfigError";
  }
}

/** Template phase overrides that mean "use the role's configured model". */
const isDefaultId = (id: string | null | undefined): id is null | undefined | "" => !id || id.trim() === "" || id === "default";

/** Pure: builds the registry from an already-parsed env (tests pass their own object). */
export function createRegistry(e: AiEnv): ModelRegistry {
  const problems = aiConfigProblems(e);
  if (problems.length) throw new ModelConfigError(problems.map((p) => p.message));

  const provider = e.AI_PROVIDER;
  const roleModelId = (role: ModelRole): string =>
    provider ? (e[ROLE_ENV_VARS[role]] ?? e.AI_MODEL ?? DEFAULT_MODELS[provider as keyof typeof DEFAULT_MODELS]) : builtinModel(role).modelId;
  const models = Object.fromEntries(MODEL_ROLES.map((r) => [r, roleModelId(r)])) as Record<ModelRole, string>;
  const hosted = provider ? hostedProvider(provider, e) : null;
  const idleMs = modelIdleTimeoutMs(e);
  const answerMs = notStreamedAnswerMs(e);
  const create = hosted && ((modelId: string) => withSettledStreams(hosted(modelId), { idleMs, answerMs }));

  return {
    getModel(role, modelId) {
      // "builtin-…" ids always mean the built-in model, so a template can pin it even with a provider set.
      if (!create || modelId?.startsWith("builtin-")) return builtinModel(role);
      return create(isDefaultId(modelId) ? models[role] : modelId.trim());
    },
    describe() {
      const url = e.AI_BASE_URL ? new URL(e.AI_BASE_URL) : null;
      return { provider: provider ?? "builtin", builtIn: !provider, models: { ...models }, ...(provider && url ? { baseUrl: url.origin } : {}) };
    },
  };
}

let registry: ModelRegistry | undefined;
/** The registry the environment configures (built once). */
export const defaultRegistry = (): ModelRegistry => (registry ??= createRegistry(env));

/**
 * The model for a role. `modelId` is a template's per-phase override ("default" or empty means
 * the role's model); with the built-in provider any id maps to the built-in model for the role.
 */
export function getModel(role: ModelRole, modelId?: string | null): LanguageModel {
  return defaultRegistry().getModel(role, modelId);
}

/** What is configured, without secrets: for the settings page and logs. */
export function describeModels(): ModelsDescription {
  return defaultRegistry().describe();
}
