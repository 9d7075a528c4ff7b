// Thai strings of the console (the app code "tai"), in four parts.
import type { ConsoleStrings } from "../en-us";
import { taiAdmin } from "./admin";
import { taiCore } from "./core";
import { taiProducts } from "./products";
import { taiServices } from "./services";

export const tai: ConsoleStrings = { ...taiCore, ...taiAdmin, ...taiServices, ...taiProducts };
