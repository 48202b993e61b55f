import { planningPromptSize } from '../devkit/planner/prompt-size.ts';
import { generatedRegistry } from '../test/planner/support/generated-registry.ts';
import { type BenchRow, round } from './stats.ts';

/** Bench 5 of issue 8 / issue 5: prompt size with 10, 100 and 500 actions, retrieval on; goal flat within 10%. */
export function benchPromptSize(): BenchRow[] {
  const message = "Move John Smith's booking to Saturday at 3pm";
  const sizes = [10, 100, 500].map((n) => ({ n, size: planningPromptSize(generatedRegistry(n), message) }));
  const base = sizes[0]!.size.totalChars;
  return sizes.map(({ n, size }) => {
    const growth = size.totalChars / base;
    return {
      group: 'prompt',
      metric: `planning prompt, ${n} actions (${size.boundActions} bound)`,
      value: size.approxTokens,
      unit: '~tokens',
      ratio: `${round(growth, 2)}× of 10`,
      // Below 15 actions everything is bound; "flat" is about growth once retrieval caps the bound set.
      ...(n === 500
        ? { goal: '≤ 1.10× of 100', ok: size.totalChars <= sizes[1]!.size.totalChars * 1.1 }
        : {}),
    };
  });
}
