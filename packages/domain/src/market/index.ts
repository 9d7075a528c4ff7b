export * from "./candles";
export * from "./distribution";
export * from "./history";
export * from "./hours";
export * from "./intervals";
export * from "./quote";
export * from "./random";
export * from "./sim";
