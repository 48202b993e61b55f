import { collapse, diffValues, lineDiff } from './diff-values.ts';
import type { NormalizedRequest } from './normalize-request.ts';

/** How a request differs from its recording. */
export interface RequestDiff {
  /**
   * Differences that make the recorded answer evidence of nothing: the system instruction, tools, turns, calls,
   * results, user text. The recorded answer was given to the recorded request; a prompt change must be re-recorded.
   */
  breaking: string[];
}

/** At most this many lines per request: enough to see what changed, short enough to read in a test failure. */
const MAX_LINES = 20;

/**
 * Compares a request with the recorded one, both normalised (volatile ids and timestamps replaced). Whitespace
 * in prose never counts. The system instruction, tool names and declarations, tool config, the roles and order of
 * the turns, function calls and responses, and the text of the turns are all breaking: a reworded prompt that
 * passed as "drift" let prompt changes ship without a replay ever failing (issue 31).
 */
export function compareRequests(recorded: NormalizedRequest, actual: NormalizedRequest): RequestDiff {
  return {
    breaking: cap([
      ...compareSystem(recorded, actual),
      ...compareTools(recorded, actual),
      ...diffValues(recorded.tool_config, actual.tool_config, 'tool_config'),
      ...compareTurns(recorded, actual),
    ]),
  };
}

/** The system instruction's changed lines (`- old` / `+ new`), whitespace aside. */
function compareSystem(recorded: NormalizedRequest, actual: NormalizedRequest): string[] {
  const [before, now] = [recorded.system ?? '', actual.system ?? ''];
  if (collapse(before) === collapse(now)) return [];
  return ['system instruction:', ...lineDiff(before, now).map((l) => `  ${l}`)];
}

function compareTools(recorded: NormalizedRequest, actual: NormalizedRequest): string[] {
  const names = (r: NormalizedRequest) => r.tools.map((t) => t.name);
  const before = new Map(recorded.tools.map((t) => [t.name, t]));
  const now = new Map(actual.tools.map((t) => [t.name, t]));
  return [
    ...names(recorded).flatMap((n) => (now.has(n) ? [] : [`tools: ${n} removed`])),
    ...names(actual).flatMap((n) => (before.has(n) ? [] : [`tools: ${n} added`])),
    ...names(recorded).flatMap((n) =>
      now.has(n) ? diffValues(before.get(n), now.get(n), `tools.${n}`) : [],
    ),
  ];
}

function compareTurns(recorded: NormalizedRequest, actual: NormalizedRequest): string[] {
  const a = recorded.contents.map(shape);
  const b = actual.contents.map(shape);
  if (a.join(' ') !== b.join(' ')) {
    return [
      `conversation shape: recorded [${a.join(', ')}]`,
      `                    now      [${b.join(', ')}]`,
    ];
  }
  return recorded.contents.flatMap((turn, i) =>
    turn.parts.flatMap((part, j) =>
      diffValues(part, actual.contents[i]?.parts[j], `contents[${i}] (${a[i]}).parts[${j}]`),
    ),
  );
}

/** A turn in one word: `user:text`, `model:call(searchBookings)`, `user:response(searchBookings)`. */
function shape(turn: NormalizedRequest['contents'][number]): string {
  const parts = turn.parts.map((p) => {
    if ('call' in p) return `call(${p.call.name})`;
    if ('response' in p) return `response(${p.response.name})`;
    return 'text';
  });
  return `${turn.role}:${parts.join('+')}`;
}

function cap(lines: string[]): string[] {
  return lines.length <= MAX_LINES
    ? lines
    : [...lines.slice(0, MAX_LINES), `… and ${lines.length - MAX_LINES} more`];
}
