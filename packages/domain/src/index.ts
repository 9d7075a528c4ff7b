export * from "./earn";
export * from "./ieo";
export * from "./loans";
export * from "./market";
export * from "./money";
export * from "./rewards";
export * from "./trading";
