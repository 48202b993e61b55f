import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ExecutionPlan } from '../../lib/contracts/execution-plan.ts';
import { lazySchema } from '../../lib/contracts/lazy-schema.ts';
import { StoredPlan, StoredStep } from '../../lib/plans/stored-plan.ts';

/** The plain eager schema the lazy ones are compared with. */
const eager = () =>
  z.object({ id: z.string().min(1), count: z.number().int().min(0).default(0) }).describe('an item');

describe('lazySchema', () => {
  describe('construction', () => {
    it('builds nothing until the schema is first touched, then builds exactly once', () => {
      // Prepare
      let builds = 0;
      const schema = lazySchema(() => {
        builds += 1;
        return eager();
      });
      const before = builds;

      // Act
      schema.parse({ id: 'a' });
      schema.safeParse({ id: '' });
      void schema.shape.id;

      // Assess
      expect(before).toBe(0);
      expect(builds).toBe(1);
    });
  });

  describe('as the zod schema it wraps', () => {
    it('parses, refuses and defaults as the eager schema does', () => {
      // Prepare
      const schema = lazySchema(eager);

      // Act
      const ok = schema.parse({ id: 'a' });
      const bad = schema.safeParse({ id: '', count: -1 });

      // Assess
      expect(ok).toEqual({ id: 'a', count: 0 });
      expect(bad.success).toBe(false);
      expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['id', 'count']);
    });

    it('is an instance of its zod class and keeps .shape, .extend and its description', () => {
      // Prepare
      const schema = lazySchema(eager);

      // Act
      const extended = schema.extend({ tag: z.literal('x') });

      // Assess
      expect(schema).toBeInstanceOf(z.ZodObject);
      expect(Object.keys(schema.shape)).toEqual(['id', 'count']);
      expect(extended.parse({ id: 'a', tag: 'x' })).toEqual({ id: 'a', count: 0, tag: 'x' });
      expect(schema.description).toBe('an item');
    });

    it('nests in other schemas and gives the same JSON Schema as the eager one', () => {
      // Prepare
      const lazyItem = lazySchema(eager);

      // Act
      const list = z.array(lazyItem);
      const wrong = list.safeParse([{ id: 'a' }, { id: 7 }]);

      // Assess
      expect(list.parse([{ id: 'a' }])).toEqual([{ id: 'a', count: 0 }]);
      expect(wrong.error?.issues.map((i) => i.path.join('.'))).toEqual(['1.id']);
      expect(z.toJSONSchema(z.array(lazyItem))).toEqual(z.toJSONSchema(z.array(eager())));
    });
  });

  describe('the contracts built with it', () => {
    it('StoredPlan still takes ExecutionPlan fields through .shape and refuses a step of the wrong type', () => {
      // Prepare
      const shapeKeys = Object.keys(ExecutionPlan.shape);

      // Act
      const storedKeys = Object.keys(StoredPlan.shape);
      const step = StoredStep.safeParse({
        step_number: 0,
        action_id: 'a',
        parameters: {},
        safety_tier: 'normal',
      });

      // Assess
      expect(storedKeys).toEqual(expect.arrayContaining([...shapeKeys, 'version', 'updated_at']));
      expect(step.error?.issues.map((i) => i.path.join('.'))).toEqual(['step_number']);
      expect(
        StoredStep.parse({ step_number: 1, action_id: 'a', parameters: {}, safety_tier: 'normal' }),
      ).toEqual({
        step_number: 1,
        action_id: 'a',
        parameters: {},
        safety_tier: 'normal',
        executed: false,
        step_state: 'pending',
      });
    });
  });
});
