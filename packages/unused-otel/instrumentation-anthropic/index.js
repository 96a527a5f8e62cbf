export class AnthropicInstrumentation {
  constructor() {
    throw new Error("@traceloop/instrumentation-anthropic is not installed in Agent Coach (Agent Coach replaces it with a stand-in: packages/unused-otel/README.md)");
  }
}
