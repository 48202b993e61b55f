import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import * as z from 'zod';
import { demoFixturePath } from '../../devkit/sandbox/load-fixture.ts';
import type { EvalCase } from './case-schema.ts';

/** The evaluation venue (venues and tokens, no bookings). */
export const evalVenuePath = new URL('../fixtures/venue.yaml', import.meta.url);

/** Who talks to the service in a case: the IQ user and the booking API token of the fixture's venue. */
export interface CaseUser {
  userId: string;
  token: string;
}

/** The users of the two bases (eval/fixtures/venue.yaml and the demo venue's normal token). */
export const CASE_USERS: Record<EvalCase['fixture']['base'], CaseUser> = {
  eval: { userId: 'user_eval_ops', token: 'eval-token-bayside' },
  demo: { userId: 'user_ops_harbour', token: 'demo-token-harbour' },
};

/** Just the shape the merge needs; the sandbox validates the whole fixture on reset. */
const FixtureJson = z.object({
  venues: z.array(z.unknown()),
  tokens: z.array(z.unknown()),
  bookings: z.array(z.unknown()).default([]),
});
type FixtureJson = z.infer<typeof FixtureJson>;

/**
 * The sandbox fixture of a case: its base (the eval venue with no bookings, or the demo venue with its bookings)
 * plus the case's own bookings. The sandbox validates the result on reset (devkit/sandbox/fixture-schema.ts).
 */
export function caseFixture(evalCase: EvalCase): FixtureJson {
  const base = evalCase.fixture.base === 'demo' ? readDemo() : readEvalVenue();
  return { ...base, bookings: [...base.bookings, ...evalCase.fixture.bookings] };
}

function readEvalVenue(): FixtureJson {
  return FixtureJson.parse(parse(readFileSync(evalVenuePath, 'utf8')));
}

function readDemo(): FixtureJson {
  return FixtureJson.parse(JSON.parse(readFileSync(demoFixturePath, 'utf8')));
}
