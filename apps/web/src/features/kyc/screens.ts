// The three verification screens, loaded as one lazy chunk (one entry in the shell's
// preload map instead of three).
export { default as AdvancedScreen } from "./advanced-screen";
export { default as IdentityScreen } from "./identity-screen";
export { default as ResultScreen } from "./result-screen";
