export * from "./income";
export * from "./strategies";
