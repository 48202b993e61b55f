import type { RuleContext } from '../booking-rules.ts';

/** What a handler gets: the caller's rule context and the request, already validated against the spec. */
export interface OperationInput {
  rules: RuleContext;
  /** Path, query and header parameters by spec name, coerced to their types. */
  params: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** What a handler answers. `committed` says whether state changed (journal, idempotency). */
export interface OperationResult {
  status: number;
  body: unknown;
  /** Defaults to application/json. */
  contentType?: string;
  committed: boolean;
  /** Booking version, sent as ETag. */
  version?: number;
}

export type OperationHandler = (input: OperationInput) => OperationResult;

/** Reads a validated value; a wrong type here is a sandbox bug (500), not a client error. */
export function stringArg(values: Record<string, unknown>, key: string): string {
  const value = values[key];
  if (typeof value !== 'string') throw new Error(`sandbox expected string ${key}`);
  return value;
}

export function optionalString(values: Record<string, unknown>, key: string): string | undefined {
  return values[key] === undefined ? undefined : stringArg(values, key);
}

export function numberArg(values: Record<string, unknown>, key: string): number {
  const value = values[key];
  if (typeof value !== 'number') throw new Error(`sandbox expected number ${key}`);
  return value;
}

export function booleanArg(values: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = values[key];
  return typeof value === 'boolean' ? value : fallback;
}
