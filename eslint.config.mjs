import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Slice boundaries (docs/ARCHITECTURE.md, "Slices"): another slice's server code is reached only
// through its public entry point `@/features/<slice>/server`; a slice's own files import each
// other relatively. Cycles are checked on the import graph by tests/unit/architecture.
const slicePatterns = [
  {
    regex: "^@/features/[^/]+/server/.+",
    message: "Import another slice's server code from its public entry point, @/features/<slice>/server (its index.ts).",
  },
  {
    regex: "^(\\.\\./)+features/|^\\.\\./\\.\\./(\\.\\./)?[a-z-]+/(server|actions|components)/",
    message: "Reach another slice through @/features/<slice>/…, not a relative path out of this slice.",
  },
];
// The lab (src/lab) is a test harness that drives the product; the product never depends on it, and
// its generated teams' phrase bank is read by nobody else (the product must learn from what people
// did, not from the phrasings the lab happens to use).
const labPatterns = [
  { regex: "^@/lab(/|$)|^(\\.\\./)+lab/", message: "src/lab is the lab's test harness: the product (src/ai, src/features, src/app…) must not import it." },
];
const phraseBank = { regex: "lab/generate/phrase-bank", message: "The generated teams' phrase bank is the lab's own: only src/lab reads it." };
const sliceBoundaries = {
  files: ["src/**/*.{ts,tsx}"],
  ignores: ["src/lab/**"],
  rules: { "no-restricted-imports": ["error", { patterns: [...slicePatterns, ...labPatterns] }] },
};
const labBoundaries = {
  files: ["src/lab/**/*.ts"],
  rules: { "no-restricted-imports": ["error", { patterns: slicePatterns }] },
};
const phraseBankOutsideLab = {
  files: ["scripts/**/*.{ts,mjs}", "tests/**/*.ts", "bench/**/*.ts"],
  rules: { "no-restricted-imports": ["error", { patterns: [phraseBank] }] },
};

// The platform layers know nothing of the product's slices.
const platformLayers = {
  files: ["src/server/**/*.ts", "src/lib/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ regex: "^@/features/", message: "src/server, src/lib and src/components must not depend on a feature slice." }, ...labPatterns] }],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  sliceBoundaries,
  labBoundaries,
  phraseBankOutsideLab,
  platformLayers,
  { ignores: [".next/**", ".next-*/**", "next-env.d.ts", ".data/**", "src/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "prisma/schema-engine-wasm.mjs"] },
];

export default config;
