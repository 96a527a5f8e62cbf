import { randomBytes } from "node:crypto";

// Unique data per test: every factory call makes new rows, so tests never need a global cleanup.
export const uid = () => randomBytes(5).toString("hex");
