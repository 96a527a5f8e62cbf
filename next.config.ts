import type { NextConfig } from "next";
import { staticSecurityHeaders } from "./src/lib/security-headers";

const nextConfig: NextConfig = {
  // The production server as shipped: <distDir>/standalone/server.js with the node_modules it
  // needs (npm start, the e2e suite and the Dockerfile run it; scripts/lib/standalone.mjs).
  output: "standalone",
  // The pg driver and the job queue on it stay plain Node modules on the server.
  serverExternalPackages: ["pg", "pg-boss"],
  poweredByHeader: false,
  devIndicators: false,
  // Lets the embedded-mode e2e run its own `next dev` beside a developer's (Next allows one per dir).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  experimental: {
    // next dev keeps its compiled pages on disk so a restart is fast (Next's default). The embedded
    // e2e suite turns it off (NEXT_DEV_FILESYSTEM_CACHE=0): its server starts once from a clean
    // folder, and writing the cache cost ≈ 40 s of a 2-core machine's CPU during its tests.
    turbopackFileSystemCacheForDev: process.env.NEXT_DEV_FILESYSTEM_CACHE !== "0",
    // The same for next build (on by default): `npm test` builds a fresh clone once and turns it off
    // (NEXT_BUILD_FILESYSTEM_CACHE=0), as writing it cost ≈ 12 s of CPU.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_FILESYSTEM_CACHE !== "0",
    // next dev sends React's debug info (owner stacks, server logs) inline in each page's RSC
    // payload, as before Next 16, instead of over the HMR WebSocket beside it. Over the socket a page
    // waits for two streams, and when the socket's part ends short (a reconnect, a navigation while
    // debug chunks are in flight) React fails the page's pending parts with "Connection closed.":
    // it broke the embedded-mode e2e's sign-in walk once in CI, right after a page load. Development
    // only; a production build has no debug info.
    reactDebugChannel: false,
  },
  // Security headers on every response (the CSP with its nonce is src/proxy.ts's).
  async headers() {
    return [{ source: "/:path*", headers: staticSecurityHeaders(process.env.APP_URL ?? process.env.AUTH_URL) }];
  },
};

export default nextConfig;
