// Malay strings of the console (the app code "mlxy"), in five parts.
import type { ConsoleStrings } from "../en-us";
import { mlxyAdmin } from "./admin";
import { mlxyChain } from "./chain";
import { mlxyCore } from "./core";
import { mlxyProducts } from "./products";
import { mlxyServices } from "./services";

export const mlxy: ConsoleStrings = { ...mlxyCore, ...mlxyAdmin, ...mlxyServices, ...mlxyProducts, ...mlxyChain };
