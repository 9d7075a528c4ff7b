// Operator content endpoints: write, translate, schedule and retract news, announcements,
// banners and help articles. Support staff may write help articles; everything else is
// the administrator's (checked per item kind, since one set of routes serves all kinds).
import { type ContentKind, contentEndpoints as E } from "@candor/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "../../lib/errors";
import { route } from "../../lib/route";
import type { ContentService } from "./service";

type Staff = NonNullable<FastifyRequest["staff"]>;

export async function contentOperatorRoutes(app: FastifyInstance, { service }: { service: ContentService }) {
  const mayWrite = (staff: Staff, kind: ContentKind) => {
    if (kind !== "help" && staff.role !== "admin") throw forbidden("contentAdminOnly");
  };
  const guard = async (staff: Staff, id: number) => mayWrite(staff, (await service.row(id)).kind);

  route(app, E.operatorItems, ({ query }) => service.operatorList(query));
  route(app, E.operatorItem, async ({ query }) => service.operatorRecord(await service.row(query.id)));
  route(app, E.operatorCreate, async ({ body, staff }) => {
    mayWrite(staff, body.kind);
    return service.create(body);
  });
  route(app, E.operatorUpdate, async ({ body, staff }) => {
    await guard(staff, body.id);
    const { id, ...patch } = body;
    return service.update(id, patch);
  });
  route(app, E.operatorTranslate, async ({ body, staff }) => {
    await guard(staff, body.id);
    const one = (v: string | undefined) => (v === undefined ? undefined : { [body.lang]: v });
    return service.update(body.id, { title: one(body.title), summary: one(body.summary), body: one(body.body) });
  });
  route(app, E.operatorSchedule, async ({ body, staff }) => {
    await guard(staff, body.id);
    return service.schedule(body.id, body.publishAt);
  });
  route(app, E.operatorRetract, async ({ body, staff }) => {
    await guard(staff, body.id);
    return service.retract(body.id);
  });
}
