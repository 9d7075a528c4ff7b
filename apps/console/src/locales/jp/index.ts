// Japanese strings of the console (the app code "jp"), in five parts.
import type { ConsoleStrings } from "../en-us";
import { jpAdmin } from "./admin";
import { jpChain } from "./chain";
import { jpCore } from "./core";
import { jpProducts } from "./products";
import { jpServices } from "./services";

export const jp: ConsoleStrings = { ...jpCore, ...jpAdmin, ...jpServices, ...jpProducts, ...jpChain };
