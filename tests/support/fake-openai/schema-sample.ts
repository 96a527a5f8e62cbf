import type { JsonSchema } from "./protocol";

/**
 * The smallest plain value a JSON schema accepts (every property, `enum`/`const` first, `minimum`,
 * `minLength`, `minItems` honoured; `anyOf`/`oneOf` take the first branch; local `$ref`s resolved).
 * Good enough for the schemas zod's `toJSONSchema` writes; not a validator.
 */
export function sampleFromSchema(schema: JsonSchema, root: JsonSchema = schema, depth = 0): unknown {
  if (depth > 20) return null;
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === "string") return sampleFromSchema(resolveRef(root, s.$ref), root, depth + 1);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ("default" in s) return s.default;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const nonNull = branches.find((b) => (b as JsonSchema).type !== "null") ?? branches[0];
      return sampleFromSchema(nonNull as JsonSchema, root, depth + 1);
    }
  }
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((b) => sampleFromSchema(b as JsonSchema, root, depth + 1)));
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== "null") ?? "null") : s.type;
  switch (type) {
    case "object":
    case undefined: {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      if (type === undefined && Object.keys(properties).length === 0) return null;
      return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, sampleFromSchema(v, root, depth + 1)]));
    }
    case "array": {
      const items = (s.items ?? {}) as JsonSchema;
      const n = typeof s.minItems === "number" ? s.minItems : 0;
      return Array.from({ length: n }, () => sampleFromSchema(items, root, depth + 1));
    }
    case "string": {
      const min = typeof s.minLength === "number" ? s.minLength : 0;
      return "sample".padEnd(min, "x").slice(0, typeof s.maxLength === "number" ? s.maxLength : undefined);
    }
    case "number":
    case "integer":
      if (typeof s.minimum === "number") return s.minimum;
      if (typeof s.exclusiveMinimum === "number") return s.exclusiveMinimum + 1;
      return typeof s.maximum === "number" && s.maximum < 0 ? s.maximum : 0;
    case "boolean":
      return false;
    default:
      return null;
  }
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith("#")) return {};
  let node: unknown = root;
  for (const part of ref.slice(1).split("/").filter(Boolean)) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return (node ?? {}) as JsonSchema;
}
