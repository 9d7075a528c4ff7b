export * from "./exchange";
export * from "./exposure";
export * from "./fifo";
export * from "./futures";
export * from "./options";
export * from "./spot";
