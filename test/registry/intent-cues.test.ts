import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../lib/registry/build-registry.ts';

const SPEC = join(import.meta.dirname, '../../openapi/booking-api.yaml');
const OVERLAYS = join(import.meta.dirname, '../../overlays');

/** Issue 14: intent cues are declared per action in the overlays and compiled into the registry. */
describe('registry: intent cues', () => {
  it('compiles every model-visible mutation with its overlay cues, lower-cased, and no read with any', async () => {
    // Act
    const registry = await build(SPEC, OVERLAYS);
    // Assess
    const mutations = registry.actions.filter(
      (a) => !a.read_only && !a.execution_only && a.safety_tier !== 'blocked',
    );
    expect(mutations.length).toBeGreaterThan(0);
    for (const action of mutations) expect(action.intent_cues?.length, action.action_id).toBeGreaterThan(0);
    const cancel = registry.actions.find((a) => a.action_id === 'cancelBooking');
    expect(cancel?.intent_cues).toEqual(expect.arrayContaining(['cancel', 'call off', "won't be coming"]));
    for (const action of registry.actions) {
      for (const cue of action.intent_cues ?? []) expect(cue).toBe(cue.toLowerCase());
      if (action.read_only) expect(action.intent_cues).toBeUndefined();
    }
  });
});
