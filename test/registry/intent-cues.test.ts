import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../lib/registry/compile/build-registry.ts';

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

describe('registry: licensed_after (ADR 0012)', () => {
  it('compiles createPaymentLink as closing createBooking', async () => {
    const registry = await build(SPEC, OVERLAYS);
    expect(registry.actions.find((a) => a.action_id === 'createPaymentLink')?.licensed_after).toEqual([
      'createBooking',
    ]);
  });

  it('rejects an overlay whose licensed_after names no registered action, naming the field', async () => {
    // Prepare: a copy of the overlays with a typo in the flow.
    const dir = mkdtempSync(join(tmpdir(), 'overlays-'));
    cpSync(OVERLAYS, dir, { recursive: true });
    const file = join(dir, 'create-payment-link.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('[createBooking]', '[createBookng]'));
    // Act
    const registry = await build(SPEC, dir);
    // Assess
    expect(registry.actions.some((a) => a.action_id === 'createPaymentLink')).toBe(false);
    expect(registry.skipped.find((s) => s.operation_id === 'createPaymentLink')?.reason).toContain(
      "licensed_after names 'createBookng', which is not a registered action",
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
