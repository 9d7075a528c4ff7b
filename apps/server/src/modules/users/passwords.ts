// Password hashing (argon2id) and the password rule. Login and withdrawal passwords
// are hashed separately; plain passwords never leave this file's callers.
import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { badRequest } from "../../lib/errors";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Check a password against a stored hash. With no hash (unknown account, no
 * password set) it still spends the time of one verification, so the answer time
 * does not tell whether the account exists.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash("candor-dummy-password-1");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

export function assertPasswordRule(password: string, field = "password"): void {
  if (!meetsPasswordRule(password)) throw badRequest("passwordRule", { field });
}

const LETTERS = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";

/** A random password that meets the rule (guest accounts, seeded accounts): 12 characters, ~70 bits. */
export function generatePassword(length = 12): string {
  const all = LETTERS + DIGITS;
  const chars: string[] = [LETTERS.charAt(randomInt(LETTERS.length)), DIGITS.charAt(randomInt(DIGITS.length))];
  while (chars.length < length) chars.push(all.charAt(randomInt(all.length)));
  // Shuffle so the letter and digit are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const swap = chars[i] as string;
    chars[i] = chars[j] as string;
    chars[j] = swap;
  }
  return chars.join("");
}
