import "server-only";
import { gunzipSync } from "node:zlib";
import { readCappedBytes } from "@/lib/request-body";
import { AppError, badRequest } from "@/server/errors";
import { decodeTraceExport, OtlpDecodeError, type OtlpSpan } from "../decode";

// The HTTP side of OTLP/HTTP: the body's media type and encoding, with limits, and the answer in
// the request's own format (OTLP exporters read a protobuf answer after a protobuf request).

/** As sent (gzip or not) and unpacked. */
export const MAX_OTLP_BODY_BYTES = 4 * 1024 * 1024;
export const MAX_OTLP_UNPACKED_BYTES = 16 * 1024 * 1024;

export type OtlpMediaType = "protobuf" | "json";

export function otlpMediaType(contentType: string | null): OtlpMediaType {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-protobuf" || type === "application/protobuf") return "protobuf";
  if (type === "application/json") return "json";
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send an OTLP export as application/x-protobuf or application/json.");
}

export async function readOtlpSpans(request: Request): Promise<{ spans: OtlpSpan[]; mediaType: OtlpMediaType }> {
  const mediaType = otlpMediaType(request.headers.get("content-type"));
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "gzip") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Content-Encoding may be gzip or none.");
  const tooLarge = (what: string) => new AppError("PAYLOAD_TOO_LARGE", `The export is limited to ${what}.`);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_OTLP_BODY_BYTES) throw tooLarge("4 MB as sent");
  let body = await readCappedBytes(request, MAX_OTLP_BODY_BYTES);
  if (body === null) throw tooLarge("4 MB as sent");
  if (encoding === "gzip") {
    try {
      body = gunzipSync(body, { maxOutputLength: MAX_OTLP_UNPACKED_BYTES });
    } catch (e) {
      if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge("16 MB unpacked");
      throw badRequest("The body is not valid gzip.");
    }
  }
  if (body.length === 0) throw badRequest("The body is empty: send an ExportTraceServiceRequest.");
  try {
    return { spans: decodeTraceExport(body, mediaType), mediaType };
  } catch (e) {
    if (e instanceof OtlpDecodeError) throw badRequest(e.message);
    throw e;
  }
}

/**
 * ExportTraceServiceResponse: `partial_success { rejected_spans = 1; error_message = 2 }` when
 * spans were refused, else empty — protobuf or JSON as the request was.
 */
export function otlpResponse(mediaType: OtlpMediaType, rejected: { spans: number; message: string } | null): Response {
  if (mediaType === "json") {
    const body = rejected ? { partialSuccess: { rejectedSpans: rejected.spans, errorMessage: rejected.message } } : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  }
  return new Response(rejected ? Buffer.from(encodePartialSuccess(rejected.spans, rejected.message)) : new Uint8Array(0), { status: 200, headers: { "Content-Type": "application/x-protobuf" } });
}

function varint(n: number): number[] {
  const out: number[] = [];
  let v = BigInt(n);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

function encodePartialSuccess(rejectedSpans: number, message: string): Uint8Array {
  const text = [...Buffer.from(message, "utf8")];
  const inner = [0x08, ...varint(rejectedSpans), 0x12, ...varint(text.length), ...text];
  return Uint8Array.from([0x0a, ...varint(inner.length), ...inner]);
}
