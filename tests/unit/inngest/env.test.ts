import { describe, expect, it } from "vitest";
import { parseEnv } from "@/env";

describe("job engine configuration", () => {
  it("treats empty, 0 and false as unset for INNGEST_DEV, and keeps a dev server URL", () => {
    for (const v of ["", "  ", "0", "false", "FALSE"]) expect(parseEnv({ INNGEST_DEV: v }).INNGEST_DEV).toBeUndefined();
    expect(parseEnv({ INNGEST_DEV: "1" }).INNGEST_DEV).toBe("1");
    expect(parseEnv({ INNGEST_DEV: "http://inngest:8288" }).INNGEST_DEV).toBe("http://inngest:8288");
  });

  it("treats empty Inngest keys as unset", () => {
    const parsed = parseEnv({ INNGEST_EVENT_KEY: "", INNGEST_SIGNING_KEY: " " });
    expect(parsed.INNGEST_EVENT_KEY).toBeUndefined();
    expect(parsed.INNGEST_SIGNING_KEY).toBeUndefined();
  });

  it("works the local executor's queue in this process unless JOBS_EMBEDDED is 0 or false", () => {
    expect(parseEnv({}).JOBS_EMBEDDED).toBe(true);
    expect(parseEnv({ JOBS_EMBEDDED: "" }).JOBS_EMBEDDED).toBe(true);
    expect(parseEnv({ JOBS_EMBEDDED: "1" }).JOBS_EMBEDDED).toBe(true);
    expect(parseEnv({ JOBS_EMBEDDED: "0" }).JOBS_EMBEDDED).toBe(false);
    expect(parseEnv({ JOBS_EMBEDDED: "false" }).JOBS_EMBEDDED).toBe(false);
  });
});
