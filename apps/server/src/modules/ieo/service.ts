// The IEO module's public service: projects (customer and operator views), applying,
// paying, orders, the published draw, and the life-cycle jobs. Other modules use only
// this (and the "ieo.order" bus events).
import type {
  IeoApplyBody,
  IeoOrderListQuery,
  IeoProjectInput,
  IeoProjectListQuery,
  Lang,
  OperatorIeoEntriesQuery,
  OperatorIeoListQuery,
} from "@candor/contract";
import type { BusinessClock } from "../clock/service";
import { drawResult, runClose, runDraw, runExpire, runList } from "./lifecycle";
import { createProject, updateProject } from "./operator";
import { apply, entries, listMy, pay } from "./orders";
import { type IeoDeps, listProjects, operatorList, projectDetail } from "./projects";

export type { IeoDeps } from "./projects";

export class IeoService {
  constructor(readonly deps: IeoDeps) {}

  /**
   * The same service on another business clock: what it does happens "as at" that clock's time
   * (the sandbox samples create a past project and its applications; modules/samples).
   */
  at(clock: BusinessClock): IeoService {
    return new IeoService({ ...this.deps, clock });
  }

  // ── Customer ─────────────────────────────────────────────────────────────────────────

  projects(lang: Lang, userId: number | null, query: IeoProjectListQuery) {
    return listProjects(this.deps, lang, userId, query);
  }

  project(id: number, lang: Lang, userId: number | null) {
    return projectDetail(this.deps, id, lang, userId);
  }

  draw(id: number) {
    return drawResult(this.deps, id);
  }

  apply(userId: number, body: IeoApplyBody) {
    return apply(this.deps, userId, body);
  }

  pay(userId: number, id: number) {
    return pay(this.deps, userId, id);
  }

  orders(userId: number, query: IeoOrderListQuery, lang: Lang) {
    return listMy(this.deps, userId, query, lang);
  }

  // ── Operator ─────────────────────────────────────────────────────────────────────────

  operatorProjects(lang: Lang, query: OperatorIeoListQuery) {
    return operatorList(this.deps, lang, query);
  }

  create(input: IeoProjectInput, lang: Lang) {
    return createProject(this.deps, input, lang);
  }

  update(id: number, input: IeoProjectInput, lang: Lang) {
    return updateProject(this.deps, id, input, lang);
  }

  entries(query: OperatorIeoEntriesQuery, lang: Lang) {
    return entries(this.deps, query, lang);
  }

  // ── Jobs (business clock) ────────────────────────────────────────────────────────────

  runClose(id: number) {
    return runClose(this.deps, id);
  }

  runDraw(id: number) {
    return runDraw(this.deps, id);
  }

  runExpire(id: number) {
    return runExpire(this.deps, id);
  }

  runList(id: number) {
    return runList(this.deps, id);
  }
}

// Data rights (modules/privacy): what this module holds about a customer.
export { ieoOpenCount, ieoUserData } from "./data-rights";
