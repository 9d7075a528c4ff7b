// Spanish strings of the console (the app code "xi"), in five parts.
import type { ConsoleStrings } from "../en-us";
import { xiAdmin } from "./admin";
import { xiChain } from "./chain";
import { xiCore } from "./core";
import { xiProducts } from "./products";
import { xiServices } from "./services";

export const xi: ConsoleStrings = { ...xiCore, ...xiAdmin, ...xiServices, ...xiProducts, ...xiChain };
