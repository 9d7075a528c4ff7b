// Operator content endpoints: write, translate, schedule and retract news, announcements,
// banners and help articles. Support staff may write help articles; everything else is
// the administrator's (checked per item kind, since one set of routes serves all kinds).
import {
  ContentIdQuery,
  ContentItemInput,
  ContentItemUpdate,
  type ContentKind,
  ContentScheduleBody,
  ContentTranslateBody,
  OperatorContentItem,
  OperatorContentQuery,
  page,
  type StaffRole,
} from "@candor/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { forbidden } from "../../lib/errors";
import { route } from "../../lib/route";
import { currentStaff } from "../staff/service";
import type { ContentService } from "./service";

const tags = ["operator"];
const P = "/api/operator/content/items";
const Id = ContentIdQuery.shape.id;

export async function contentOperatorRoutes(app: FastifyInstance, { service }: { service: ContentService }) {
  const writers = { roles: ["support"] as StaffRole[] };
  const mayWrite = (request: FastifyRequest, kind: ContentKind) => {
    if (kind !== "help" && currentStaff(request).role !== "admin") throw forbidden("contentAdminOnly");
  };
  const guard = async (request: FastifyRequest, id: number) => mayWrite(request, (await service.row(id)).kind);

  route(
    app,
    {
      method: "GET",
      url: P,
      auth: writers,
      tags,
      summary: "Every content item (any state) with its texts in all languages",
      query: OperatorContentQuery,
      result: page(OperatorContentItem),
    },
    ({ query }) => service.operatorList(query),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/detail`,
      auth: writers,
      tags,
      summary: "One content item with its texts in all languages",
      query: ContentIdQuery,
      result: OperatorContentItem,
    },
    async ({ query }) => service.operatorRecord(await service.row(query.id)),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/create`,
      auth: writers,
      tags,
      summary: "Create an item (a draft unless publishAt is given); HTML bodies are sanitised",
      body: ContentItemInput,
      result: OperatorContentItem,
    },
    ({ body, request }) => {
      mayWrite(request, body.kind);
      return service.create(body);
    },
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/update`,
      auth: writers,
      tags,
      summary: "Change an item; texts merge per language",
      body: ContentItemUpdate.extend({ id: Id }),
      result: OperatorContentItem,
    },
    async ({ body, request }) => {
      await guard(request, body.id);
      const { id, ...patch } = body;
      return service.update(id, patch);
    },
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/translate`,
      auth: writers,
      tags,
      summary: "Set one language's texts of an item",
      body: ContentTranslateBody.extend({ id: Id }),
      result: OperatorContentItem,
    },
    async ({ body, request }) => {
      await guard(request, body.id);
      const one = (v: string | undefined) => (v === undefined ? undefined : { [body.lang]: v });
      return service.update(body.id, { title: one(body.title), summary: one(body.summary), body: one(body.body) });
    },
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/schedule`,
      auth: writers,
      tags,
      summary: "Publish now or at a time (business clock), or back to draft with null; clears a retraction",
      body: ContentScheduleBody.extend({ id: Id }),
      result: OperatorContentItem,
    },
    async ({ body, request }) => {
      await guard(request, body.id);
      return service.schedule(body.id, body.publishAt);
    },
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/retract`,
      auth: writers,
      tags,
      summary: "Retract a published item: customers no longer see it",
      body: z.object({ id: Id }),
      result: OperatorContentItem,
    },
    async ({ body, request }) => {
      await guard(request, body.id);
      return service.retract(body.id);
    },
  );
}
