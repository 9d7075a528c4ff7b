// Every rewards screen, loaded as one lazy chunk.
export { default as TeamScreen } from "./team-screen";
export { default as VipScreen } from "./vip-screen";
export { default as WelfareScreen } from "./welfare-screen";
