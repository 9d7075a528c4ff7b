// Proving an account's address after sign-up (docs/contract.md "Accounts"): the code sent
// to the account's own unproved e-mail or phone (purpose=verify) proves it; an account with
// no address of a type (guest, wallet login) adds one with the code sent there
// (purpose=register, which goes only to addresses no account has).
import type { AddContactBody } from "@candor/contract";
import type { Db } from "../../db";
import { badRequest, notFound } from "../../lib/errors";
import { getUserById, markContactVerified, normaliseEmail, normalisePhone, setProvedContact } from "../users/service";
import { checkCode, consumeCode } from "./codes";

export async function verifyContact(db: Db, userId: number, code: string): Promise<{ contactVerified: true }> {
  const user = await getUserById(db, userId);
  if (!user) throw notFound();
  if (user.contactVerified) return { contactVerified: true };
  for (const destination of [user.email, user.phone]) {
    if (!destination) continue;
    const found = await checkCode(db, destination, "verify", code);
    if (found && found.userId === userId && (await consumeCode(db, found.id))) {
      await markContactVerified(db, userId);
      return { contactVerified: true };
    }
  }
  throw badRequest("codeWrong");
}

export async function addContact(db: Db, userId: number, input: AddContactBody): Promise<{ contactVerified: true }> {
  const user = await getUserById(db, userId);
  if (!user) throw notFound();
  if (input.type === "email") {
    const email = normaliseEmail(input.account);
    await claimCode(db, email, input.code);
    await setProvedContact(db, userId, { email });
  } else {
    if (!input.countryCode) throw badRequest("requiredField", { field: "countryCode" });
    const phone = await normalisePhone(db, input.account, input.countryCode);
    await claimCode(db, phone.e164, input.code);
    await setProvedContact(db, userId, { phone });
  }
  return { contactVerified: true };
}

/** The registration code sent to this address, used up; 400 when wrong, used or expired. */
async function claimCode(db: Db, destination: string, code: string): Promise<void> {
  const found = await checkCode(db, destination, "register", code);
  if (!found || found.userId !== null || !(await consumeCode(db, found.id))) throw badRequest("codeWrong");
}
