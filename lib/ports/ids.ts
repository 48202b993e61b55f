import { randomUUID } from 'node:crypto';

/** Id source, injected so tests can predict plan ids. */
export interface IdSource {
  /** A UUID v4 (001: plan_id). */
  uuid(): string;
}

export const randomIds: IdSource = { uuid: () => randomUUID() };
