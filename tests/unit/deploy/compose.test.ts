import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// compose.yml and the Dockerfile cannot be built here (no container runtime); what can be checked
// without one is checked: the file parses, and it keeps the promises README "Production" makes.

type Service = {
  image?: string;
  build?: { target: string };
  command?: string[];
  profiles?: string[];
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
};
const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
const compose = parse(read("compose.yml")) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { services } = compose;

describe("compose.yml", () => {
  it("app + postgres by default; the inngest profile adds a pinned Inngest server with its own PostgreSQL and Redis", () => {
    const always = Object.entries(services).filter(([, s]) => !s.profiles).map(([name]) => name);
    expect(always.sort()).toEqual(["app", "migrate", "postgres"]);
    expect(services.inngest.profiles).toEqual(["inngest"]);
    expect(services.inngest.image).toMatch(/^inngest\/inngest:v\d+\.\d+\.\d+$/);
    expect(services.inngest.environment).toMatchObject({
      INNGEST_POSTGRES_URI: expect.stringContaining("@inngest-postgres:5432/"),
      INNGEST_REDIS_URI: "redis://inngest-redis:6379",
      INNGEST_EVENT_KEY: "${INNGEST_EVENT_KEY:-}",
      INNGEST_SIGNING_KEY: "${INNGEST_SIGNING_KEY:-}",
    });
    expect(services["inngest-postgres"].profiles).toEqual(["inngest"]);
    expect(services["inngest-redis"].profiles).toEqual(["inngest"]);
  });

  it("a healthcheck on every long-running service, the app's on /api/ready; migrations complete before the app starts", () => {
    for (const [name, service] of Object.entries(services)) if (name !== "migrate") expect(service.healthcheck, name).toBeDefined();
    expect(services.app.healthcheck!.test.join(" ")).toContain("/api/ready");
    expect(services.app.depends_on).toMatchObject({ postgres: { condition: "service_healthy" }, migrate: { condition: "service_completed_successfully" } });
    expect(services.migrate.build!.target).toBe("migrate");
    expect(services.app.build!.target).toBe("app");
  });

  it("publishes ports on loopback only (the Inngest dashboard has no sign-in); app replicas get a port range", () => {
    for (const [name, service] of Object.entries(services)) for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    expect(services.inngest.ports).toEqual(["127.0.0.1:8288:8288"]);
    expect(services.app.ports![0]).toMatch(/-/);
  });

  it("keeps data in named volumes, one per database", () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(["agent-coach-inngest-postgres", "agent-coach-inngest-redis", "agent-coach-postgres"]);
    expect(services.postgres.volumes).toEqual(["agent-coach-postgres:/var/lib/postgresql"]);
    expect(services["inngest-postgres"].volumes).toEqual(["agent-coach-inngest-postgres:/var/lib/postgresql"]);
    expect(services["inngest-redis"].volumes).toEqual(["agent-coach-inngest-redis:/data"]);
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");

  it("builds the standalone server the tests run, as a non-root user, with migrations as a target of their own", () => {
    expect(dockerfile).toContain("ARG NODE_IMAGE=node:20-bookworm-slim");
    expect(dockerfile).toMatch(/npm ci --ignore-scripts/);
    // Every file: dependency of package.json is in the context before npm ci runs.
    const beforeInstall = dockerfile.slice(0, dockerfile.indexOf("npm ci"));
    const pkg = JSON.parse(read("package.json")) as { dependencies: Record<string, string> };
    for (const spec of Object.values(pkg.dependencies).filter((v) => v.startsWith("file:"))) {
      expect(beforeInstall).toMatch(new RegExp(`COPY packages \\./packages`));
      expect(spec.startsWith("file:packages/"), spec).toBe(true);
    }
    expect(dockerfile).toMatch(/npx next build \\\s+&& node scripts\/standalone\.mjs --prepare/);
    expect(dockerfile).toMatch(/FROM deps AS migrate[\s\S]*CMD \["npx", "prisma", "migrate", "deploy"\]/);
    const app = dockerfile.slice(dockerfile.indexOf("AS app"));
    expect(app).toContain("COPY --from=build --chown=node:node /app/.next/standalone ./");
    expect(app).toContain("USER node");
    expect(app).toContain('CMD ["node", "server.js"]');
  });
});
