import { type Content, declarationsOf, type GenerateContentRequest, type Part } from './gemini-wire.ts';
import { FUNCTION_NAME, findForbiddenSchemaKeys } from './schema-subset.ts';
import type { SignatureLedger } from './signature-ledger.ts';

/** The request rules Gemini enforces with a 400 (docs/design-facts.md "Gemini request rules"), one name each. */
export type GeminiRule =
  | 'schema-subset'
  | 'non-empty-parts'
  | 'call-after-user'
  | 'response-after-call'
  | 'response-only'
  | 'response-matches-calls'
  | 'ends-on-user'
  | 'signature-echoed';

/** One broken rule, with the message Gemini answers (its own wording where it is known). */
export interface RuleViolation {
  rule: GeminiRule;
  message: string;
}

const isCallTurn = (c: Content | undefined) =>
  c?.role === 'model' && c.parts.some((p) => p.functionCall !== undefined);
const isResponseTurn = (c: Content | undefined) =>
  c?.role === 'user' && c.parts.some((p) => p.functionResponse !== undefined);

/**
 * Every rule the request breaks, in the order Gemini would report them. With a ledger, the thought signatures it
 * handed out must come back on their function-call parts, and every function call of the current turn (since the
 * last user text) must carry its signature, as Gemini 3 requires.
 */
export function checkGeminiRequest(
  request: GenerateContentRequest,
  ledger?: SignatureLedger,
): RuleViolation[] {
  return [
    ...schemaSubset(request),
    ...nonEmptyParts(request),
    ...turnOrder(request.contents),
    ...endsOnUser(request.contents),
    ...(ledger ? signatures(request.contents, ledger) : []),
  ];
}

function schemaSubset(request: GenerateContentRequest): RuleViolation[] {
  return declarationsOf(request).flatMap((d, i) => {
    const at = `tools.function_declarations[${i}]`;
    const problems = findForbiddenSchemaKeys(d.parameters ?? {}, `${at}.parameters`);
    if (!FUNCTION_NAME.test(d.name)) problems.push(`${at}.name: invalid function name '${d.name}'`);
    return problems.map((p) => ({
      rule: 'schema-subset' as const,
      message: `Invalid JSON payload received. ${p}`,
    }));
  });
}

function nonEmptyParts(request: GenerateContentRequest): RuleViolation[] {
  const contents = [
    ...(request.systemInstruction ? [['system_instruction', request.systemInstruction] as const] : []),
    ...request.contents.map((c, i) => [`contents[${i}]`, c] as const),
  ];
  if (request.contents.length === 0) {
    return [
      { rule: 'non-empty-parts', message: '* GenerateContentRequest.contents: contents is not specified' },
    ];
  }
  return contents.flatMap(([at, content]): RuleViolation[] => {
    if (content.parts.length === 0)
      return [
        {
          rule: 'non-empty-parts',
          message: `* GenerateContentRequest.${at}.parts: contents.parts must not be empty.`,
        },
      ];
    const bad = content.parts.findIndex((p) => !hasData(p));
    if (bad < 0) return [];
    return [
      {
        rule: 'non-empty-parts',
        message: `Unable to submit request because it has an empty text parameter (${at}.parts[${bad}]). Add a value to the parameter and try again.`,
      },
    ];
  });
}

function hasData(part: Part): boolean {
  if (part.functionCall || part.functionResponse) return true;
  if (typeof part.text === 'string') return part.text.length > 0;
  return ['inlineData', 'fileData', 'executableCode', 'codeExecutionResult'].some((k) => k in part);
}

function turnOrder(contents: readonly Content[]): RuleViolation[] {
  const problems: RuleViolation[] = [];
  contents.forEach((content, i) => {
    const before = contents[i - 1];
    if (isCallTurn(content) && before?.role !== 'user') {
      problems.push({
        rule: 'call-after-user',
        message:
          'Please ensure that function call turn comes immediately after a user turn or after a function response turn.',
      });
    }
    if (isCallTurn(content) && i < contents.length - 1 && !isResponseTurn(contents[i + 1])) {
      problems.push({
        rule: 'response-after-call',
        message: `Please ensure that function call turn contents[${i}] is answered by a function response turn right after it.`,
      });
    }
    if (!isResponseTurn(content)) return;
    if (!isCallTurn(before)) {
      problems.push({
        rule: 'response-after-call',
        message: 'Please ensure that function response turn comes immediately after a function call turn.',
      });
      return;
    }
    if (content.parts.some((p) => p.functionResponse === undefined)) {
      problems.push({
        rule: 'response-only',
        message: `Please ensure that function response turn contents[${i}] contains only function response parts.`,
      });
    }
    problems.push(...matchesCalls(before as Content, content));
  });
  return problems;
}

function matchesCalls(callTurn: Content, responseTurn: Content): RuleViolation[] {
  const calls = callTurn.parts.flatMap((p) => (p.functionCall ? [p.functionCall.name] : []));
  const answers = responseTurn.parts.flatMap((p) => (p.functionResponse ? [p.functionResponse.name] : []));
  if (calls.length !== answers.length) {
    return [
      {
        rule: 'response-matches-calls',
        message:
          'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      },
    ];
  }
  const sorted = (names: string[]) => [...names].sort().join(',');
  if (sorted(calls) === sorted(answers)) return [];
  return [
    {
      rule: 'response-matches-calls',
      message: `Please ensure that the function response names (${answers.join(', ')}) match the function call names of the function call turn (${calls.join(', ')}).`,
    },
  ];
}

function endsOnUser(contents: readonly Content[]): RuleViolation[] {
  const last = contents.at(-1);
  if (!last || last.role === 'user') return [];
  return [
    {
      rule: 'ends-on-user',
      message: 'Please ensure that multiturn requests end with a user turn or a function response turn.',
    },
  ];
}

function signatures(contents: readonly Content[], ledger: SignatureLedger): RuleViolation[] {
  const currentTurnStart = contents.findLastIndex((c) => c.role === 'user' && c.parts.some((p) => p.text));
  const problems: RuleViolation[] = [];
  contents.forEach((content, i) => {
    if (content.role !== 'model') return;
    const firstCall = content.parts.findIndex((p) => p.functionCall !== undefined);
    content.parts.forEach((part, position) => {
      const name = part.functionCall?.name ?? 'text';
      if (part.thoughtSignature !== undefined && !ledger.isKnown(part.thoughtSignature)) {
        problems.push({
          rule: 'signature-echoed',
          message: `Corrupted thought signature (contents[${i}].parts[${position}]).`,
        });
        return;
      }
      const expected = ledger.expectedFor(part);
      const required = ledger.signing && i > currentTurnStart && position === firstCall;
      if (part.thoughtSignature === undefined && (expected !== undefined || required)) {
        problems.push({
          rule: 'signature-echoed',
          message: `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`${name}\`, position ${position + 1}.`,
        });
      }
    });
  });
  return problems;
}
