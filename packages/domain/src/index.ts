export * from "./earn/strategies";
export * from "./market";
export * from "./money";
export * from "./trading";
