// The rewards module's public API (`app.rewards`): other modules and routes use these.
import type { Lang, OperatorLevelInput, OperatorTaskInput, TaskScope } from "@candor/contract";
import type { RewardsDeps } from "./context";
import { LedgerFollower } from "./follower";
import { listRebates } from "./rebates";
import { createTask, deleteTask, operatorTasks, updateTask } from "./task-admin";
import { afterFact, claimTask, listTasks, recordFact } from "./tasks";
import { myTeam } from "./team";
import { claimGift, levelRows, listLevels, myVip, openEnvelope, saveLevel, vipDaily } from "./vip";

export class RewardsService {
  readonly follower: LedgerFollower;

  constructor(
    readonly deps: RewardsDeps,
    log?: { error: (o: unknown, m?: string) => void },
  ) {
    this.follower = new LedgerFollower(deps, log);
  }

  async tasks(userId: number, scope: TaskScope, lang: Lang) {
    await this.follower.catchUp();
    return listTasks(this.deps, userId, scope, lang);
  }

  async claim(userId: number, id: number) {
    await this.follower.catchUp();
    return claimTask(this.deps, userId, id);
  }

  /** A state fact announced on the bus (identity verified, Google Authenticator bound). */
  async activity(userId: number, kind: "kyc_verified" | "totp_enabled") {
    if (await recordFact(this.deps.db, userId, kind, kind === "kyc_verified" ? "kyc" : "google")) {
      await afterFact(this.deps, userId, kind);
    }
  }

  levels = (lang: Lang) => listLevels(this.deps.db, lang);
  myVip = (userId: number) => myVip(this.deps, userId);
  openEnvelope = (userId: number, id: number) => openEnvelope(this.deps, userId, id);
  claimGift = (userId: number, level: number) => claimGift(this.deps, userId, level);
  vipDaily = (date: string) => vipDaily(this.deps, date);

  async team(userId: number, origin: string) {
    await this.follower.catchUp();
    return myTeam(this.deps, userId, origin);
  }

  async rebates(userId: number, pageNo: number, pageSize: number) {
    await this.follower.catchUp();
    return listRebates(this.deps.db, userId, pageNo, pageSize);
  }

  operatorTasks = () => operatorTasks(this.deps.db);
  createTask = (input: OperatorTaskInput) => createTask(this.deps.db, input);
  updateTask = (id: number, input: OperatorTaskInput) => updateTask(this.deps.db, id, input);
  deleteTask = (id: number) => deleteTask(this.deps.db, id);
  operatorLevels = () => levelRows(this.deps.db);
  saveLevel = (input: OperatorLevelInput) => saveLevel(this.deps.db, input);
}
