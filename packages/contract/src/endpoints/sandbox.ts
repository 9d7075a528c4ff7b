// Sandbox-only endpoints (absent elsewhere): the notifier's parked messages and the test clock.
import { z } from "zod";
import { OutboxMessage, OutboxQuery } from "../accounts";
import { ClockAdvanceBody, ClockNow } from "../earn";
import { endpoints } from "../endpoint";
import { sandboxPaths as P } from "../paths/sandbox";

const tags = ["sandbox"];

export const sandboxEndpoints = endpoints({
  outbox: {
    method: "GET",
    path: P.outbox,
    auth: "public",
    tags,
    summary: "Sandbox only: e-mails and SMS sent to an address, newest first",
    query: OutboxQuery,
    result: z.array(OutboxMessage),
  },
  clock: {
    method: "GET",
    path: P.clock,
    auth: "public",
    tags,
    summary: "Business time (sandbox only)",
    result: ClockNow,
  },
  clockAdvance: {
    method: "POST",
    path: P.clockAdvance,
    auth: "public",
    tags,
    summary:
      "Move business time forward (sandbox only); every scheduled job that came due runs, in time order, once, before the answer",
    body: ClockAdvanceBody,
    result: ClockNow,
  },
});
