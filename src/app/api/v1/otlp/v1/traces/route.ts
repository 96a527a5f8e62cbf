import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";
import { ingestSpans, otlpResponse, readOtlpSpans } from "@/features/otlp/server";
import { badRequest } from "@/server/errors";

// OTLP/HTTP traces (the path every OTLP exporter appends to its endpoint: point
// OTEL_EXPORTER_OTLP_ENDPOINT at <app>/api/v1/otlp with an Authorization header). features/otlp.
export const POST = apiRoute(apiEndpoints.ingestTraces, async (_input, { scope, request }) => {
  const { spans, mediaType } = await readOtlpSpans(request);
  const result = await ingestSpans({ scope, spans });
  // Nothing of it could be stored: refused, with the reasons (an exporter does not retry a 400).
  if (result.rejectedSpans > 0 && result.recorded === 0 && result.duplicates === 0) throw badRequest(`No run of this export was stored: ${result.errors.join("; ")}`);
  return otlpResponse(mediaType, result.rejectedSpans ? { spans: result.rejectedSpans, message: result.errors.join("; ") } : null);
});
