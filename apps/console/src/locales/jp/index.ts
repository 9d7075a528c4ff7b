// Japanese strings of the console (the app code "jp"), in four parts.
import type { ConsoleStrings } from "../en-us";
import { jpAdmin } from "./admin";
import { jpCore } from "./core";
import { jpProducts } from "./products";
import { jpServices } from "./services";

export const jp: ConsoleStrings = { ...jpCore, ...jpAdmin, ...jpServices, ...jpProducts };
