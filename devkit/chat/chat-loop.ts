import { formatOutcome, formatReply } from './format.ts';
import { ServiceCallError, type ServiceClient, type ViewedPlan } from './service-client.ts';

/** Terminal input/output, abstracted so the loop runs the same on a TTY and on piped input. */
export interface ChatIO {
  /** Next line typed (or piped); undefined at end of input. */
  readLine(prompt: string): Promise<string | undefined>;
  /** One key on a TTY; the first character of the next line when piped. */
  readKey(prompt: string): Promise<string | undefined>;
  write(text: string): void;
  /** Redraws one status line in place (TTY) or prints it once per change (pipe). */
  status(text: string): void;
}

export interface ChatOptions {
  sessionId: string;
  pollIntervalMs: number;
  /** Gives up watching after this long; the plan keeps running server-side. */
  watchTimeoutMs: number;
  wait?: (ms: number) => Promise<void>;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const TERMINAL = new Set(['completed', 'failed', 'rolled_back']);

/** Runs the conversation until end of input or "exit". */
export async function runChat(client: ServiceClient, io: ChatIO, options: ChatOptions): Promise<void> {
  io.write(`Session ${options.sessionId}. Describe a booking change, or type "exit".`);
  for (;;) {
    const message = (await io.readLine('you> '))?.trim();
    if (message === undefined || message === 'exit' || message === 'quit') return;
    if (message === '') continue;
    try {
      const reply = await client.sendRequest(options.sessionId, message);
      io.write(formatReply(reply));
      if (reply.kind !== 'plan') continue;
      const key = (await io.readKey('Confirm this plan? [y = yes, any other key = no] '))?.toLowerCase();
      if (key !== 'y') {
        // No key at all: end of input, or Ctrl-C / Ctrl-D at the prompt: leave without a word to the service.
        if (key === undefined) {
          io.write('Not confirmed. Tell me what to change, or describe another request.');
          return;
        }
        // Issue 30: the service is told, as iQ tells it, so the declined steps never come back unasked.
        await client.sendRequest(options.sessionId, 'no');
        io.write('Not confirmed. Tell me what to change, or describe another request.');
        continue;
      }
      const confirmed = await client.confirm(reply.plan.plan_id);
      const final = await watch(client, io, confirmed, options);
      if (final) io.write(formatOutcome(final));
    } catch (error) {
      io.write(describeError(error));
    }
  }
}

/** Polls the plan with a progress indicator, answering blocking prompts, until it is terminal. */
async function watch(
  client: ServiceClient,
  io: ChatIO,
  start: ViewedPlan,
  options: ChatOptions,
): Promise<ViewedPlan | undefined> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = Date.now() + options.watchTimeoutMs;
  let plan = start;
  for (let tick = 0; !TERMINAL.has(plan.status); tick++) {
    if (Date.now() > deadline) {
      io.write(`Still ${plan.status}; it continues in the background. Plan id: ${plan.plan_id}`);
      return undefined;
    }
    if (plan.status === 'executing' && plan.blocking_prompt) {
      io.status('');
      io.write(`? ${plan.blocking_prompt}`);
      const answer = (await io.readLine('answer> '))?.trim();
      if (answer === undefined) return undefined;
      plan = await client.answer(plan.plan_id, answer);
      continue;
    }
    const done = plan.actions.filter((a) => a.executed).length;
    io.status(`${SPINNER[tick % SPINNER.length]} ${plan.status} · ${done}/${plan.actions.length} steps done`);
    await wait(options.pollIntervalMs);
    plan = await client.get(plan.plan_id);
  }
  io.status('');
  return plan;
}

function describeError(error: unknown): string {
  if (error instanceof ServiceCallError)
    return `! ${error.message} (${error.errorType}, HTTP ${error.status})`;
  if (
    error instanceof Error &&
    'cause' in error &&
    (error.cause as { code?: string })?.code === 'ECONNREFUSED'
  ) {
    return '! Cannot reach the service. Is `npm start` running, or is --url right?';
  }
  return `! ${error instanceof Error ? error.message : String(error)}`;
}
