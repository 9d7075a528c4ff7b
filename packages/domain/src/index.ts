export * from "./earn";
export * from "./market";
export * from "./money";
export * from "./trading";
