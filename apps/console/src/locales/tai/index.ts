// Thai strings of the console (the app code "tai"), in five parts.
import type { ConsoleStrings } from "../en-us";
import { taiAdmin } from "./admin";
import { taiChain } from "./chain";
import { taiCore } from "./core";
import { taiProducts } from "./products";
import { taiServices } from "./services";

export const tai: ConsoleStrings = { ...taiCore, ...taiAdmin, ...taiServices, ...taiProducts, ...taiChain };
