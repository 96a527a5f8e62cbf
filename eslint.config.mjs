import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Slice boundaries (docs/ARCHITECTURE.md, "Slices"): another slice's server code is reached only
// through its public entry point `@/features/<slice>/server`; a slice's own files import each
// other relatively. Cycles are checked on the import graph by tests/unit/architecture.
const sliceBoundaries = {
  files: ["src/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: "^@/features/[^/]+/server/.+",
            message: "Import another slice's server code from its public entry point, @/features/<slice>/server (its index.ts).",
          },
          {
            regex: "^(\\.\\./)+features/|^\\.\\./\\.\\./(\\.\\./)?[a-z-]+/(server|actions|components)/",
            message: "Reach another slice through @/features/<slice>/…, not a relative path out of this slice.",
          },
        ],
      },
    ],
  },
};

// The platform layers know nothing of the product's slices.
const platformLayers = {
  files: ["src/server/**/*.ts", "src/lib/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ regex: "^@/features/", message: "src/server, src/lib and src/components must not depend on a feature slice." }] }],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  sliceBoundaries,
  platformLayers,
  { ignores: [".next/**", ".next-*/**", "next-env.d.ts", ".data/**", "src/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "prisma/schema-engine-wasm.mjs"] },
];

export default config;
