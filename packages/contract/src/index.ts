export * from "./accounts";
export * from "./common";
export * from "./i18n";
export * from "./market";
export * from "./money";
export * from "./system";
export * from "./trading";
