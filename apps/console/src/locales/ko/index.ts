// Korean strings of the console (the app code "ko"), in five parts.
import type { ConsoleStrings } from "../en-us";
import { koAdmin } from "./admin";
import { koChain } from "./chain";
import { koCore } from "./core";
import { koProducts } from "./products";
import { koServices } from "./services";

export const ko: ConsoleStrings = { ...koCore, ...koAdmin, ...koServices, ...koProducts, ...koChain };
