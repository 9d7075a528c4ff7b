// Product availability: which products take new orders from the caller, and the admin's
// switches (pause a product, withhold it from countries).
import { z } from "zod";
import { endpoints } from "../endpoint";
import { productPaths as P } from "../paths/products";
import { ProductAvailability, ProductGate, ProductGateBody } from "../products";

export const productEndpoints = endpoints({
  available: {
    method: "GET",
    path: P.available,
    auth: "public",
    tags: ["system"],
    summary: "Which products take new orders from the caller (by the admin's switches and the caller's country)",
    result: z.array(ProductAvailability),
  },
  operatorList: {
    method: "GET",
    path: P.operatorList,
    auth: { roles: ["finance"] },
    tags: ["operator"],
    summary: "Every product's switch and country list, with the deployment's own list (not editable)",
    result: z.array(ProductGate),
  },
  operatorUpdate: {
    method: "POST",
    path: P.operatorUpdate,
    auth: { roles: [] },
    tags: ["operator"],
    summary: "Pause or open a product for new orders, and withhold it from more countries (admin)",
    body: ProductGateBody,
    result: ProductGate,
  },
});
