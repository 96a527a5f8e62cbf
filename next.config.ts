import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite and the pg driver stay plain Node modules on the server.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg"],
  poweredByHeader: false,
  devIndicators: false,
  // Lets the embedded-mode e2e run its own `next dev` beside a developer's (Next allows one per dir).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
};

export default nextConfig;
