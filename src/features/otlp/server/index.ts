export { ingestSpans, type IngestResult } from "./ingest";
export { MAX_OTLP_BODY_BYTES, MAX_OTLP_UNPACKED_BYTES, otlpResponse, readOtlpSpans } from "./request";
