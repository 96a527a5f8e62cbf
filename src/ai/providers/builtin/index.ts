import type { ModelRole } from "@/ai/models";
import { env } from "@/env";
import { BuiltinLanguageModel } from "./model";

export { BuiltinLanguageModel } from "./model";

const instances = new Map<ModelRole, BuiltinLanguageModel>();

/** One shared instance per role: the model keeps no state between calls. */
export function builtinModel(role: ModelRole): BuiltinLanguageModel {
  let model = instances.get(role);
  if (!model) instances.set(role, (model = new BuiltinLanguageModel(role, { streamDelayMs: env.AI_BUILTIN_STREAM_DELAY_MS, streamHoldFile: env.AI_BUILTIN_STREAM_HOLD_FILE })));
  return model;
}
