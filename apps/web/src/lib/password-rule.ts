// The password rule for new passwords (docs/contract.md "Accounts"): 8–64 characters with at
// least one letter and one digit. The server checks it too; this gives the answer early.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export type PasswordProblem = "empty" | "tooShort" | "tooLong" | "needsLetter" | "needsDigit";

/** The first thing wrong with a new password, or null when it follows the rule. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return "empty";
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "tooLong";
  if (!/[A-Za-z]/.test(password)) return "needsLetter";
  if (!/\d/.test(password)) return "needsDigit";
  return null;
}

export const meetsPasswordRule = (password: string) => passwordProblem(password) === null;
