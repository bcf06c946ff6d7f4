export * from "./colleges";
export * from "./email-tokens";
export * from "./follows";
export * from "./items";
export * from "./rate-limits";
export * from "./sessions";
export * from "./users";
