export * from "./exchange";
export * from "./exposure";
export * from "./futures";
export * from "./options";
export * from "./spot";
export * from "./fifo";
