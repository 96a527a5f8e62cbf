import { inputProblem, textProblem } from "@/lib/input-rules";
import { asBigInt, asBytes, asDouble, asInt64, asString, fieldsOf, ProtobufError, type Field } from "./protobuf";

// An OTLP/HTTP trace export (ExportTraceServiceRequest, opentelemetry-proto v1), protobuf or JSON,
// decoded into one flat shape: every span with its resource's attributes beside its own. Pure. A
// payload that is not a valid export throws OtlpDecodeError with the reason (the route's 400).

export class OtlpDecodeError extends Error {}

export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };
export type Attributes = Record<string, AttributeValue>;

export type OtlpSpan = {
  traceId: string; // 32 hex digits
  spanId: string; // 16 hex digits
  parentSpanId: string | null;
  name: string;
  startNanos: bigint;
  endNanos: bigint;
  /** 0 unset, 1 ok, 2 error */
  statusCode: number;
  statusMessage: string;
  attributes: Attributes;
  resource: Attributes;
  /** The first `exception` event's message, if any (where SDKs put a thrown error). */
  exceptionMessage: string | null;
};

/** At most this many spans per request (the route's 400 beyond it). */
export const MAX_SPANS_PER_REQUEST = 10_000;
/** A span's name, and an attribute's key, at most this long; a string attribute value at most MAX_VALUE_CHARS. */
export const MAX_NAME_CHARS = 2_048;
export const MAX_VALUE_CHARS = 1_000_000;

/** The app's rule for all text (no NUL, valid Unicode) and the lengths above, over a decoded span. */
function checkSpan(span: OtlpSpan, where: string) {
  const text = (value: string, what: string, max: number) => {
    const problem = textProblem(value);
    if (problem) throw new OtlpDecodeError(`${where}.${what}: ${problem}`);
    if (value.length > max) throw new OtlpDecodeError(`${where}.${what} is longer than ${max.toLocaleString("en")} characters`);
  };
  text(span.name, "name", MAX_NAME_CHARS);
  text(span.statusMessage, "status.message", MAX_NAME_CHARS);
  const walk = (value: AttributeValue, what: string): void => {
    if (typeof value === "string") text(value, what, MAX_VALUE_CHARS);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${what}[${i}]`));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        text(k, `${what} key`, MAX_NAME_CHARS);
        walk(v, `${what}.${k}`);
      }
    }
  };
  for (const [group, attrs] of [["attributes", span.attributes], ["resource", span.resource]] as const) {
    for (const [k, v] of Object.entries(attrs)) {
      text(k, `${group} key`, MAX_NAME_CHARS);
      walk(v, `${group}.${k}`);
    }
  }
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

// ---- protobuf ----------------------------------------------------------------------------------

function anyValue(buf: Uint8Array, depth = 0): AttributeValue {
  if (depth > 8) throw new OtlpDecodeError("attribute values nested deeper than 8");
  let value: AttributeValue = null;
  for (const f of fieldsOf(buf)) {
    if (f.number === 1) value = asString(f);
    else if (f.number === 2) value = asBigInt(f) !== 0n;
    else if (f.number === 3) value = Number(asInt64(f));
    else if (f.number === 4) value = asDouble(f);
    else if (f.number === 5) value = fieldsOf(asBytes(f)).filter((v) => v.number === 1).map((v) => anyValue(asBytes(v), depth + 1));
    else if (f.number === 6) value = keyValues(fieldsOf(asBytes(f)).filter((v) => v.number === 1), depth + 1);
    else if (f.number === 7) value = Buffer.from(asBytes(f)).toString("base64");
  }
  return value;
}

function keyValues(fields: Field[], depth = 0): Attributes {
  const out: Attributes = {};
  for (const kv of fields) {
    let key = "";
    let value: AttributeValue = null;
    for (const f of fieldsOf(asBytes(kv))) {
      if (f.number === 1) key = asString(f);
      else if (f.number === 2) value = anyValue(asBytes(f), depth);
    }
    if (key) out[key] = value;
  }
  return out;
}

function protobufSpan(buf: Uint8Array, resource: Attributes): OtlpSpan {
  const span: OtlpSpan = { traceId: "", spanId: "", parentSpanId: null, name: "", startNanos: 0n, endNanos: 0n, statusCode: 0, statusMessage: "", attributes: {}, resource, exceptionMessage: null };
  const attributes: Field[] = [];
  for (const f of fieldsOf(buf)) {
    switch (f.number) {
      case 1: span.traceId = hex(asBytes(f)); break;
      case 2: span.spanId = hex(asBytes(f)); break;
      case 4: span.parentSpanId = asBytes(f).length ? hex(asBytes(f)) : null; break;
      case 5: span.name = asString(f); break;
      case 7: span.startNanos = asBigInt(f); break;
      case 8: span.endNanos = asBigInt(f); break;
      case 9: attributes.push(f); break;
      case 11: {
        if (span.exceptionMessage !== null) break;
        let name = "";
        const eventAttributes: Field[] = [];
        for (const e of fieldsOf(asBytes(f))) {
          if (e.number === 2) name = asString(e);
          else if (e.number === 3) eventAttributes.push(e);
        }
        if (name === "exception") span.exceptionMessage = String(keyValues(eventAttributes)["exception.message"] ?? "exception");
        break;
      }
      case 15:
        for (const s of fieldsOf(asBytes(f))) {
          if (s.number === 2) span.statusMessage = asString(s);
          else if (s.number === 3) span.statusCode = Number(asBigInt(s));
        }
        break;
    }
  }
  span.attributes = keyValues(attributes);
  return span;
}

function decodeProtobuf(body: Uint8Array): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  for (const rs of fieldsOf(body)) {
    if (rs.number !== 1) continue;
    let resource: Attributes = {};
    const scopes: Uint8Array[] = [];
    for (const f of fieldsOf(asBytes(rs))) {
      if (f.number === 1) resource = keyValues(fieldsOf(asBytes(f)).filter((a) => a.number === 1));
      else if (f.number === 2) scopes.push(asBytes(f));
    }
    for (const scope of scopes) {
      for (const f of fieldsOf(scope)) {
        if (f.number !== 2) continue;
        spans.push(protobufSpan(asBytes(f), resource));
        if (spans.length > MAX_SPANS_PER_REQUEST) throw new OtlpDecodeError(`more than ${MAX_SPANS_PER_REQUEST} spans in one request`);
      }
    }
  }
  return spans;
}

// ---- JSON --------------------------------------------------------------------------------------

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);
const arrayAt = (o: Record<string, Json>, key: string, where: string): Json[] => {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new OtlpDecodeError(`${where}.${key} must be an array`);
  return v;
};

function jsonAnyValue(v: Json, where: string, depth = 0): AttributeValue {
  if (depth > 8) throw new OtlpDecodeError("attribute values nested deeper than 8");
  if (!isObject(v)) throw new OtlpDecodeError(`${where} must be an AnyValue object`);
  if ("stringValue" in v) return String(v.stringValue);
  if ("boolValue" in v) return v.boolValue === true;
  if ("intValue" in v) {
    const n = Number(v.intValue);
    if (!Number.isFinite(n)) throw new OtlpDecodeError(`${where}.intValue is not a number`);
    return n;
  }
  if ("doubleValue" in v) return Number(v.doubleValue);
  if ("arrayValue" in v) return isObject(v.arrayValue) ? arrayAt(v.arrayValue, "values", where).map((x, i) => jsonAnyValue(x, `${where}[${i}]`, depth + 1)) : [];
  if ("kvlistValue" in v) return isObject(v.kvlistValue) ? jsonAttributes(arrayAt(v.kvlistValue, "values", where), where, depth + 1) : {};
  if ("bytesValue" in v) return String(v.bytesValue);
  return null;
}

function jsonAttributes(list: Json[], where: string, depth = 0): Attributes {
  const out: Attributes = {};
  list.forEach((kv, i) => {
    if (!isObject(kv) || typeof kv.key !== "string") throw new OtlpDecodeError(`${where}[${i}] must be { key, value }`);
    out[kv.key] = kv.value === undefined ? null : jsonAnyValue(kv.value, `${where}[${i}].value`, depth);
  });
  return out;
}

const HEX_ID = { trace: /^[0-9a-f]{32}$/i, span: /^[0-9a-f]{16}$/i };

function jsonNanos(v: Json, where: string): bigint {
  if (typeof v !== "string" && typeof v !== "number") throw new OtlpDecodeError(`${where} must be nanoseconds since the epoch`);
  try {
    return BigInt(typeof v === "number" ? Math.trunc(v) : v);
  } catch {
    throw new OtlpDecodeError(`${where} must be nanoseconds since the epoch`);
  }
}

function decodeJson(text: string): OtlpSpan[] {
  let root: Json;
  try {
    root = JSON.parse(text);
  } catch {
    throw new OtlpDecodeError("the body is not JSON");
  }
  if (!isObject(root)) throw new OtlpDecodeError("the body must be an ExportTraceServiceRequest object");
  const problem = inputProblem(root);
  if (problem) throw new OtlpDecodeError(`${problem.path || "the body"}: ${problem.message}`);
  const spans: OtlpSpan[] = [];
  arrayAt(root, "resourceSpans", "request").forEach((rs, r) => {
    if (!isObject(rs)) throw new OtlpDecodeError(`resourceSpans[${r}] must be an object`);
    const resource = isObject(rs.resource) ? jsonAttributes(arrayAt(rs.resource, "attributes", `resourceSpans[${r}].resource`), `resourceSpans[${r}].resource.attributes`) : {};
    arrayAt(rs, "scopeSpans", `resourceSpans[${r}]`).forEach((ss, s) => {
      if (!isObject(ss)) throw new OtlpDecodeError(`resourceSpans[${r}].scopeSpans[${s}] must be an object`);
      arrayAt(ss, "spans", `resourceSpans[${r}].scopeSpans[${s}]`).forEach((sp, i) => {
        const where = `resourceSpans[${r}].scopeSpans[${s}].spans[${i}]`;
        if (!isObject(sp)) throw new OtlpDecodeError(`${where} must be an object`);
        if (typeof sp.traceId !== "string" || !HEX_ID.trace.test(sp.traceId)) throw new OtlpDecodeError(`${where}.traceId must be 32 hex digits`);
        if (typeof sp.spanId !== "string" || !HEX_ID.span.test(sp.spanId)) throw new OtlpDecodeError(`${where}.spanId must be 16 hex digits`);
        const parent = typeof sp.parentSpanId === "string" && sp.parentSpanId !== "" ? sp.parentSpanId : null;
        if (parent !== null && !HEX_ID.span.test(parent)) throw new OtlpDecodeError(`${where}.parentSpanId must be 16 hex digits`);
        const status = isObject(sp.status) ? sp.status : {};
        if (sp.name !== undefined && typeof sp.name !== "string") throw new OtlpDecodeError(`${where}.name must be a string`);
        const exception = arrayAt(sp, "events", where).find((e) => isObject(e) && e.name === "exception");
        spans.push({
          traceId: sp.traceId.toLowerCase(),
          spanId: sp.spanId.toLowerCase(),
          parentSpanId: parent?.toLowerCase() ?? null,
          name: typeof sp.name === "string" ? sp.name : "",
          startNanos: jsonNanos(sp.startTimeUnixNano, `${where}.startTimeUnixNano`),
          endNanos: jsonNanos(sp.endTimeUnixNano, `${where}.endTimeUnixNano`),
          statusCode: Number(status.code ?? 0) || 0,
          statusMessage: typeof status.message === "string" ? status.message : "",
          attributes: jsonAttributes(arrayAt(sp, "attributes", where), `${where}.attributes`),
          resource,
          exceptionMessage: isObject(exception) ? String(jsonAttributes(arrayAt(exception, "attributes", `${where}.events`), `${where}.events`)["exception.message"] ?? "exception") : null,
        });
        if (spans.length > MAX_SPANS_PER_REQUEST) throw new OtlpDecodeError(`more than ${MAX_SPANS_PER_REQUEST} spans in one request`);
      });
    });
  });
  return spans;
}

/** The spans of an export, by its media type: application/x-protobuf or application/json. */
export function decodeTraceExport(body: Uint8Array, mediaType: "protobuf" | "json"): OtlpSpan[] {
  if (mediaType === "json") {
    const spans = decodeJson(new TextDecoder().decode(body));
    spans.forEach((s, i) => checkSpan(s, `span ${i}`));
    return spans;
  }
  try {
    const spans = decodeProtobuf(body);
    spans.forEach((s, i) => {
      if (s.traceId.length !== 32 || s.spanId.length !== 16) throw new OtlpDecodeError(`span ${i}: its trace id must be 16 bytes and its span id 8`);
      checkSpan(s, `span ${i}`);
    });
    return spans;
  } catch (e) {
    if (e instanceof ProtobufError) throw new OtlpDecodeError(`not a valid protobuf ExportTraceServiceRequest: ${e.message}`);
    throw e;
  }
}
