export * from "./income";
