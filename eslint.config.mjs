import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", ".next-*/**", "next-env.d.ts", ".data/**", "src/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "prisma/schema-engine-wasm.mjs"] },
];

export default config;
