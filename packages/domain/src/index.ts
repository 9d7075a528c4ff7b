export * from "./market";
export * from "./money";
