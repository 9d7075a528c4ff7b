// Vietnamese strings of the console (the app code "vl"), in five parts.
import type { ConsoleStrings } from "../en-us";
import { vlAdmin } from "./admin";
import { vlChain } from "./chain";
import { vlCore } from "./core";
import { vlProducts } from "./products";
import { vlServices } from "./services";

export const vl: ConsoleStrings = { ...vlCore, ...vlAdmin, ...vlServices, ...vlProducts, ...vlChain };
