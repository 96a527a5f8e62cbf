export function getNodeAutoInstrumentations() {
  throw new Error("@opentelemetry/auto-instrumentations-node is not installed in Agent Coach (Agent Coach replaces it with a stand-in: packages/unused-otel/README.md)");
}
