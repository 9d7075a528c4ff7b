// Field rules for antd forms, derived from the contract's zod shapes so the console and the
// server accept the same values; the message is the console's translated one.
import type { Rule } from "antd/es/form";

/** Anything with zod's safeParse (a field's shape from packages/contract). */
export interface Parser {
  safeParse(value: unknown): { success: boolean };
}

/** The field's value must pass the contract's shape; an empty value is left to `required`. */
export const zodRule = (shape: Parser, message: string): Rule => ({
  validator: async (_, value: unknown) => {
    if (value === undefined || value === null || value === "") return;
    if (!shape.safeParse(value).success) throw new Error(message);
  },
});

/** Every element of a tags field must pass the contract's shape. */
export const zodEachRule = (shape: Parser, message: string): Rule => ({
  validator: async (_, value: unknown) => {
    if (!Array.isArray(value)) return;
    if (!value.every((v) => shape.safeParse(typeof v === "string" ? v.trim() : v).success)) throw new Error(message);
  },
});
