// Operator view of the settlement engine (is this node the leader, which settlers run).
import { endpoints } from "../endpoint";
import { settlementPaths as P } from "../paths/settlement";
import { SettlementStatus } from "../trading";

export const settlementEndpoints = endpoints({
  status: {
    method: "GET",
    path: P.status,
    auth: { roles: ["finance"] },
    tags: ["operator"],
    summary: "Settlement engine on this node: leadership, settlers, ticks seen",
    result: SettlementStatus,
  },
});
