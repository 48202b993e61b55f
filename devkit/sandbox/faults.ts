import * as z from 'zod';

const common = {
  /** An operationId, or "*" for every operation (the default). */
  operation: z.string().min(1).default('*'),
  /** How many of the next matching calls the fault hits; "always" until the faults are cleared. */
  times: z.union([z.number().int().min(1), z.literal('always')]).default(1),
};

/** The statuses a fault may force (issue 3). */
export const FAULT_STATUSES = [400, 401, 403, 404, 409, 429, 500, 503] as const;

/** A fault to inject, as POST /__admin/faults takes it (docs/sandbox.md). */
export const FaultSpec = z.discriminatedUnion('kind', [
  z.object({
    ...common,
    kind: z.literal('status'),
    status: z.literal(FAULT_STATUSES),
    /** Overrides parts of the Error body, e.g. a field and expectedFormat for a forced 400. */
    body: z
      .object({
        code: z.string().optional(),
        message: z.string().optional(),
        field: z.string().optional(),
        expectedFormat: z.string().optional(),
        alternatives: z
          .array(z.object({ startTime: z.string(), capacity: z.number().int(), remaining: z.number().int() }))
          .optional(),
      })
      .optional(),
    /** Retry-After for a forced 429 or 503 (default 1). */
    retryAfterSeconds: z.number().int().min(0).optional(),
  }),
  /** Holds the request this long before handling it normally: longer than the client's timeout. */
  z.object({ ...common, kind: z.literal('delay'), delayMs: z.number().int().min(1).max(600_000) }),
  /** Resets the connection before doing anything: nothing is applied. */
  z.object({ ...common, kind: z.literal('reset') }),
  /** Applies the change, then destroys the socket before responding: the exactly-once test. */
  z.object({ ...common, kind: z.literal('commit_then_drop') }),
]);
export type FaultSpec = z.infer<typeof FaultSpec>;
export type FaultInput = z.input<typeof FaultSpec>;

/** A fault waiting to hit; `remaining` counts down (Infinity for "always"). */
export type ActiveFault = FaultSpec & { id: number; remaining: number };

/** Queue of injected faults; the oldest matching fault hits first. */
export class FaultRegistry {
  private faults: ActiveFault[] = [];
  private seq = 0;

  add(spec: FaultSpec): ActiveFault {
    this.seq += 1;
    const fault = { ...spec, id: this.seq, remaining: spec.times === 'always' ? Infinity : spec.times };
    this.faults.push(fault);
    return fault;
  }

  /** The fault this call of `operationId` suffers, if any; uses up one of its hits. */
  take(operationId: string): FaultSpec | undefined {
    const fault = this.faults.find((f) => f.operation === '*' || f.operation === operationId);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  list(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}
