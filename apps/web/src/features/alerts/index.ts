// The alerts feature's public parts (a feature's public files are api.ts and index.ts).
export { alertsKey } from "./api";
