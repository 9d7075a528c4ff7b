// Team invitation: invite code and link, team size (one level: directly invited customers),
// new today, depositors and traders, team income (rebates and team-task rewards).
import type { MyTeam } from "@candor/contract";
import { dec, rebatesAllowed, toMoneyString } from "@candor/domain";
import { sql } from "drizzle-orm";
import { getMyUserInfo } from "../profile/service";
import { listInvitees } from "../users/service";
import type { RewardsDeps } from "./context";
import { rebateIncome } from "./rebates";
import { rewardRows as q, teamTaskIncome } from "./tasks";

export async function myTeam(deps: RewardsDeps, userId: number, origin: string): Promise<MyTeam> {
  const { db } = deps;
  const [me, invitees] = [await getMyUserInfo(db, userId), await listInvitees(db, userId)];
  const ids = invitees.map((u) => u.id);
  const counts =
    ids.length === 0
      ? []
      : await q<{ fact: string; n: string | number }>(
          db,
          sql`SELECT fact, count(DISTINCT user_id) AS n FROM reward_facts
              WHERE user_id = ANY(${sql.param(ids)}::bigint[]) AND fact IN ('deposit', 'trade') GROUP BY fact`,
        );
  const count = (fact: string) => Number(counts.find((c) => c.fact === fact)?.n ?? 0);
  // Registrations are stamped in real time: "today" is the real UTC date.
  const today = new Date().toISOString().slice(0, 10);
  const income = dec(await rebateIncome(db, userId)).plus(await teamTaskIncome(db, userId));
  return {
    inviteCode: me.inviteCode ?? "",
    inviteLink: `${origin}/#/login?invite=${encodeURIComponent(me.inviteCode ?? "")}`,
    teamSize: invitees.length,
    teamIncome: toMoneyString(income),
    newToday: invitees.filter((u) => u.createdAt.toISOString().slice(0, 10) === today).length,
    depositors: count("deposit"),
    levels: [{ level: 1, count: invitees.length }],
    rebateShare: toMoneyString(deps.rebateShare),
    rebatesEnabled: dec(deps.rebateShare).gt(0) && rebatesAllowed(me.countryCode ?? null, deps.rebateBlockedCountries),
    traders: count("trade"),
  };
}
