// Module resolution hook (see register.mjs): "server-only" → an empty module.
const empty = new URL("./empty-module.mjs", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: empty, format: "module", shortCircuit: true };
  return nextResolve(specifier, context);
}
