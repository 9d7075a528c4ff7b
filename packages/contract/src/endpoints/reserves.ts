// Proof of reserves and liabilities (issue 33): the latest proof (public), a customer's own
// leaf and path (logged in), and making one now (operator; the daily job makes one too).
import { endpoints } from "../endpoint";
import { reservePaths as P } from "../paths/reserves";
import { ProofLatest, ProofMine, ProofMineQuery } from "../reserves";

export const reserveEndpoints = endpoints({
  latest: {
    method: "GET",
    path: P.latest,
    auth: "public",
    tags: ["system"],
    summary:
      "The latest proof of reserves and liabilities: Merkle sum root, liabilities and on-chain reserves per currency at one block; 404 before the first proof",
    result: ProofLatest,
    errors: [404],
  },
  mine: {
    method: "GET",
    path: P.mine,
    auth: "user",
    tags: ["wallet"],
    summary:
      "The caller's leaf (salt, customer hash, balances) and Merkle path in proof `id`, to check in the browser that the balance is included; 404 when the proof does not exist or the caller is not in it",
    query: ProofMineQuery,
    result: ProofMine,
    errors: [404],
  },
  operatorMake: {
    method: "POST",
    path: P.operatorMake,
    auth: { roles: ["finance"] },
    tags: ["operator"],
    summary: "Make a proof of reserves and liabilities now (the daily job makes one each business day)",
    result: ProofLatest,
    errors: [503],
  },
});
