// Stands in for "server-only" in benchmarks (see register.mjs).
export {};
