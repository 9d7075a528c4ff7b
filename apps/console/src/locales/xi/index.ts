// Spanish strings of the console (the app code "xi"), in four parts.
import type { ConsoleStrings } from "../en-us";
import { xiAdmin } from "./admin";
import { xiCore } from "./core";
import { xiProducts } from "./products";
import { xiServices } from "./services";

export const xi: ConsoleStrings = { ...xiCore, ...xiAdmin, ...xiServices, ...xiProducts };
