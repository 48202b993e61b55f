import {
  type Content,
  declarationsOf,
  type FunctionDeclaration,
  type GenerateContentRequest,
  type Part,
} from '../wire/gemini-wire.ts';

/** Where the request sits and how long the relay waits, for the header of the file. */
export interface RequestFileContext {
  conversation: string;
  seq: number;
  /** Absolute path of the answer file to write. */
  answerPath: string;
  timeoutMs: number;
}

/**
 * The request as a person (or an assistant playing the model) reads it: the system instruction, the tools, the
 * turns, and the exact form of the answer. Only what Gemini would see; nothing about the service's code.
 */
export function requestMarkdown(request: GenerateContentRequest, ctx: RequestFileContext): string {
  const declarations = declarationsOf(request);
  return [
    `# Model request ${ctx.seq} · conversation \`${ctx.conversation}\``,
    '',
    'You are the model. Read the request and answer with ONE model turn by writing this file (write it whole, e.g.',
    'to a `.tmp` name first and then rename it):',
    '',
    `    ${ctx.answerPath}`,
    '',
    `The relay waits ${Math.round(ctx.timeoutMs / 60_000)} min for it. "How to answer" is at the end.`,
    '',
    '## System instruction',
    '',
    textOf(request.systemInstruction?.parts ?? []) || '(none)',
    '',
    '## Tools you can call',
    '',
    ...(declarations.length > 0 ? declarations.flatMap(toolSection) : ['(none: answer with text)', '']),
    '## Conversation so far',
    '',
    ...request.contents.flatMap(turnSection),
    ...howToAnswer(declarations),
  ].join('\n');
}

function toolSection(d: FunctionDeclaration): string[] {
  const lines = propertyLines(d.parameters, '');
  return [
    `### ${d.name}`,
    '',
    d.description ?? '',
    '',
    ...(lines.length > 0 ? lines : ['- (no parameters)']),
    '',
  ];
}

/** The properties of an object schema as bullets; an array of objects lists its items' properties beneath. */
function propertyLines(schema: unknown, indent: string): string[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    if (!isRecord(property)) return [];
    const items = isRecord(property.items) ? property.items : undefined;
    const type = items ? `array of ${String(items.type ?? 'any')}` : String(property.type ?? 'any');
    const facts = [
      type,
      ...(required.has(name) ? ['required'] : []),
      ...enumOf(property),
      ...(items ? enumOf(items) : []),
      ...(property.format ? [`format ${String(property.format)}`] : []),
      ...['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'].flatMap((k) =>
        property[k] === undefined ? [] : [`${k} ${String(property[k])}`],
      ),
    ];
    const line = `${indent}- \`${name}\` (${facts.join(', ')}): ${String(property.description ?? '')}`;
    return [line, ...propertyLines(items ?? property, `${indent}  `)];
  });
}

function enumOf(schema: Record<string, unknown>): string[] {
  return Array.isArray(schema.enum) ? [`one of: ${schema.enum.join(', ')}`] : [];
}

function turnSection(content: Content, i: number): string[] {
  const kind = content.parts.some((p) => p.functionResponse)
    ? ' · function responses'
    : content.parts.some((p) => p.functionCall)
      ? ' · function calls'
      : '';
  return [`**${i + 1} · ${content.role ?? 'user'}**${kind}`, '', ...content.parts.flatMap(partLines), ''];
}

function partLines(part: Part): string[] {
  if (part.functionCall)
    return [`- call \`${part.functionCall.name}\` \`${JSON.stringify(part.functionCall.args ?? {})}\``];
  if (part.functionResponse) {
    return [
      `- \`${part.functionResponse.name}\` answered:`,
      '',
      '```json',
      pretty(part.functionResponse.response),
      '```',
    ];
  }
  return (part.text ?? '').split('\n').map((line) => `> ${line}`);
}

/** Function results carry JSON in strings (`{"result": "{…}"}`): shown parsed, so they read as data. */
function pretty(value: unknown): string {
  return JSON.stringify(parseNested(value), null, 2);
}

function parseNested(value: unknown): unknown {
  if (typeof value === 'string') {
    try {
      return parseNested(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map(parseNested);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, parseNested(v)]));
}

function howToAnswer(declarations: FunctionDeclaration[]): string[] {
  const first = declarations[0];
  const example = JSON.stringify({ name: first?.name ?? 'toolName', args: exampleArgs(first?.parameters) });
  return [
    '## How to answer',
    '',
    "Your answer is the model's next turn: function calls, text, or both, as JSON:",
    '',
    '```json',
    `{"functionCalls": [${example}]}`,
    '```',
    '',
    '```json',
    '{"text": "One short sentence for the user."}',
    '```',
    '',
    "- Call only the tools listed above. `args` is a JSON object of that tool's parameters, with the declared",
    '  types (a number as a number, a string as a string) and every required parameter.',
    '- Several calls in one answer run together; each result comes back in the next request as a function response.',
    '- Text without calls ends your turn. Answer as the model would: you cannot see anything but this request.',
    '- Gemini\'s own response shape (`{"candidates": [{"content": {"role": "model", "parts": [...]}}]}`) works too.',
    '- A bad answer file is renamed to `<n>.response.rejected-<k>.json`, the reasons go to `<n>.response.error.txt`,',
    '  and the relay keeps waiting for a corrected `<n>.response.json`.',
    '',
  ];
}

/** The required parameters of a schema with a placeholder of their type, for the example answer. */
function exampleArgs(schema: unknown): Record<string, unknown> {
  if (!isRecord(schema) || !isRecord(schema.properties)) return {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const placeholder: Record<string, unknown> = {
    number: 1,
    integer: 1,
    boolean: true,
    array: [],
    object: {},
  };
  return Object.fromEntries(
    required.map((name) => {
      const property = isRecord(schema.properties) ? schema.properties[name] : undefined;
      const type = isRecord(property) ? String(property.type) : 'string';
      return [name, type in placeholder ? placeholder[type] : '…'];
    }),
  );
}

function textOf(parts: readonly Part[]): string {
  return parts.flatMap((p) => (p.text ? [p.text] : [])).join('\n');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
