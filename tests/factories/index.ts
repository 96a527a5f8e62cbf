// One factory per entity (tests/README.md): `makeX` writes through the product's service where the
// tests rely on what it does; `makeXRow` writes the row as given through Prisma (backdated
// history, e2e data). Both write to the real database.
export * from "./agent";
export * from "./api-key";
export * from "./change-set";
export * from "./db";
export * from "./decision";
export * from "./evolution-session";
export * from "./feedback-item";
export * from "./notification";
export * from "./observation";
export * from "./preference-conflict";
export * from "./proposal";
export * from "./report";
export * from "./run";
export * from "./task";
export * from "./template";
export * from "./uid";
export * from "./user";
export * from "./workspace";
