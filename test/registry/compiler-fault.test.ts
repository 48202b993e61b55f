import { describe, expect, it } from 'vitest';
import { enableEveryOperation } from '../../devkit/registry/synthetic-overlays.ts';
import type { SpecOperation } from '../../lib/registry/compile/spec-operations.ts';
import { COMPILER_FAULT, transform } from '../../lib/registry/compile/transform.ts';

/** A path parameter whose schema can't be read: stands for any input the compiler trips on. */
function trapParameter(): Record<string, unknown> {
  const parameter: Record<string, unknown> = { name: 'thingId', in: 'path', required: true };
  Object.defineProperty(parameter, 'schema', {
    enumerable: true,
    get() {
      throw new RangeError('schema walk exploded');
    },
  });
  return parameter;
}

const operation = (id: string, parameters: Record<string, unknown>[]): SpecOperation => ({
  operation_id: id,
  method: 'GET',
  path: '/things/{thingId}',
  parameters,
});

describe('transform: a compiler fault costs only its operation', () => {
  it('skips the operation it could not compile, with the fault as reason, and registers the others', () => {
    // Prepare
    const good = operation('getThing', [
      { name: 'thingId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    const bad = operation('explodingThing', [trapParameter()]);
    const overlays = enableEveryOperation([good], 'none').overlays;
    overlays.push({
      source: 'exploding.yaml',
      overlay: { ...overlays[0]!.overlay, operation_id: 'explodingThing' },
    });
    // Act
    const result = transform([good, bad], overlays);
    // Assess
    expect(result.actions.map((a) => a.action_id)).toEqual(['getThing']);
    expect(result.skipped).toEqual([
      {
        operation_id: 'explodingThing',
        kind: 'unsupported',
        reason: `${COMPILER_FAULT}: RangeError: schema walk exploded`,
        source: 'exploding.yaml',
      },
    ]);
  });
});
