// Stands in for "server-only" outside Next (see register.mjs).
export {};
