// "Download my data": the zip of everything Candor holds about a customer, read from each
// module through its service.ts (`…UserData`) and written under DATA_DIR/exports by a job.
// Secrets are never in it: each module leaves out its password hashes, authenticator
// secrets, session token hashes.
import type { Db } from "../../db";
import { authUserData } from "../auth/service";
import { chatUserData } from "../chat/service";
import { inboxUserData } from "../content/service";
import { contestsUserData } from "../contests/service";
import { futuresUserData } from "../contracts/service";
import { earnUserData } from "../earn/service";
import { ieoUserData } from "../ieo/service";
import { kycUserData } from "../kyc/service";
import { ledgerUserData } from "../ledger/service";
import { loansUserData } from "../loans/service";
import { optionsUserData } from "../options/service";
import { spotUserData } from "../spot/service";
import { readUserFiles } from "../uploads/service";
import { userProfileData } from "../users/service";
import { walletUserData } from "../wallet/service";

/** The zip's entries: path → bytes. */
export type ExportEntries = Record<string, Uint8Array>;

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** Every area as its own JSON file, the customer's files (identity documents, chat attachments) beside them. */
export async function collectExport(db: Db, dataDir: string, userId: number, at: Date): Promise<ExportEntries> {
  const auth = await authUserData(db, userId);
  const chat = await chatUserData(db, userId);
  const files = await readUserFiles(db, dataDir, userId, chat.fileNames);
  const entries: ExportEntries = {
    "README.txt": new TextEncoder().encode(
      `Candor: everything held about customer ${userId}, prepared ${at.toISOString()}.\n` +
        "Each area is a JSON file (times are UTC); files/ holds the files you uploaded or received in support chat.\n" +
        "Password hashes, authenticator secrets and session tokens are never included.\n",
    ),
    "profile.json": json({
      profile: await userProfileData(db, userId),
      externalLogins: auth.externalLogins,
      wallets: auth.wallets,
    }),
    "kyc.json": json({
      submissions: await kycUserData(db, userId),
      files: files.filter((f) => f.purpose === "kyc").map((f) => `files/kyc/${f.name}`),
    }),
    "sessions.json": json(auth.sessions),
    "orders/futures.json": json(await futuresUserData(db, userId)),
    "orders/options.json": json(await optionsUserData(db, userId)),
    "orders/spot.json": json(await spotUserData(db, userId)),
    "orders/earn.json": json(await earnUserData(db, userId)),
    "orders/loans.json": json(await loansUserData(db, userId)),
    "orders/ieo.json": json(await ieoUserData(db, userId)),
    "orders/contests.json": json(await contestsUserData(db, userId)),
    "wallet.json": json(await walletUserData(db, userId)),
    "ledger.json": json(await ledgerUserData(db, userId)),
    "chat.json": json({
      conversations: chat.conversations,
      messages: chat.messages,
      files: chat.fileNames.map((name) => `files/chat/${name}`),
    }),
    "inbox.json": json(await inboxUserData(db, userId)),
  };
  for (const file of files) {
    const folder = file.purpose === "kyc" ? "kyc" : chat.fileNames.includes(file.name) ? "chat" : "other";
    entries[`files/${folder}/${file.name}`] = file.bytes;
  }
  return entries;
}
