export * from "./exchange";
export * from "./futures";
export * from "./options";
export * from "./spot";
