import type { LanguageModel } from "ai";
import type { ModelRole } from "./models";
import { modelName } from "./telemetry";

// Tokens a piece of work spent, per role and model, for the usage ledger (features/usage): a wake
// spends task, evaluator and refiner tokens, possibly on three models.

export type Usage = { inputTokens: number; outputTokens: number };
export type UsageEntry = Usage & { role: ModelRole; model: string; calls: number };

export class UsageMeter {
  private readonly byKey = new Map<string, UsageEntry>();

  add(role: ModelRole, model: LanguageModel, usage: { inputTokens?: number; outputTokens?: number } | undefined): void {
    const name = modelName(model);
    const key = `${role}\u0000${name}`;
    const entry = this.byKey.get(key) ?? { role, model: name, calls: 0, inputTokens: 0, outputTokens: 0 };
    entry.calls += 1;
    entry.inputTokens += usage?.inputTokens ?? 0;
    entry.outputTokens += usage?.outputTokens ?? 0;
    this.byKey.set(key, entry);
  }

  entries(): UsageEntry[] {
    return [...this.byKey.values()].map((e) => ({ ...e }));
  }

  total(): Usage {
    let inputTokens = 0;
    let outputTokens = 0;
    for (const e of this.byKey.values()) {
      inputTokens += e.inputTokens;
      outputTokens += e.outputTokens;
    }
    return { inputTokens, outputTokens };
  }
}
