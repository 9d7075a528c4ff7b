// Sandbox-only endpoints: the notifier's outbox and the test clock. Shapes: ../endpoints/sandbox.ts.
export const sandboxPaths = {
  outbox: "/dev/outbox",
  clock: "/dev/clock",
  clockAdvance: "/dev/clock/advance",
  /** Every sandbox path starts here. */
  prefix: "/dev/",
} as const;
