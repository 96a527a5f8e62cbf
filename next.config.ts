import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite and the pg driver stay plain Node modules on the server.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
