import { readCassettes, writeCassette } from '../../devkit/models/cassette/cassette-files.ts';
import { cassettePlayer } from '../../devkit/models/cassette/cassette-player.ts';
import { stable } from '../../devkit/models/cassette/normalize-request.ts';
import { type RelayConfig, startRelay } from '../../devkit/models/relay/start-relay.ts';
import type { RecordedConversation } from '../../devkit/models/server/conversation.ts';
import { type ModelServer, startModelServer } from '../../devkit/models/server/model-server.ts';
import { upstreamResponder } from '../../devkit/models/server/upstream-responder.ts';
import type { EvalArgs } from './cli-args.ts';

/** A finished case as the suite's runner judged it (golden: runTrial; any other runner maps its own verdict). */
export interface CaseVerdict {
  passed: boolean;
  failures: string[];
}

/**
 * Around each case and trial of any suite's runner: name the conversation, then record or judge it. `end`
 * returns the verdict to report: the case's own (relay, record; plus any Gemini rule broken), or the replay's.
 */
export interface ConversationHooks {
  begin(caseId: string, trial: number): void;
  end(caseId: string, trial: number, verdict: CaseVerdict): Promise<CaseVerdict>;
}

/** Options of startModelSession. */
export interface ModelSessionOptions {
  provider: EvalArgs['provider'];
  suite: string;
  /** Where cassettes are written (relay, gemini --record) or read (cassette). */
  cassettesDir: string;
  /** gemini only: record cassettes through a proxy. */
  record: boolean;
  relay: RelayConfig;
  model: string;
  /** Where --provider gemini --record forwards (default Google; tests use a stub). */
  upstreamUrl?: string;
  log: (line: string) => void;
}

/** What runEval needs from a model session. */
export interface ModelSession {
  /** LLM_PROVIDER and GEMINI_BASE_URL for the local stack. */
  env: Record<string, string>;
  hooks: ConversationHooks;
  /** Cases without a cassette (cassette provider): out of scope, with why. */
  missing(caseIds: readonly string[]): Array<{ id: string; reason: string }>;
  close(): Promise<void>;
}

/** A conversation per case and trial: `<case>`, then `<case>.t2`, `<case>.t3`… */
export const conversationName = (caseId: string, trial: number) =>
  trial === 1 ? caseId : `${caseId}.t${trial}`;

/**
 * The model behind relay, cassette and `gemini --record` runs (docs/eval.md "Relay and cassettes"): a loopback
 * model server the stack's Gemini client talks to, one conversation per case and trial. Relay and record write
 * a cassette when the trial ends; cassette replays one and judges the replay (same requests, same verdict).
 * Offline and plain gemini need none: undefined.
 */
export async function startModelSession(options: ModelSessionOptions): Promise<ModelSession | undefined> {
  if (options.provider === 'offline' || (options.provider === 'gemini' && !options.record)) return undefined;
  if (options.provider === 'cassette') return replaySession(options);
  const server =
    options.provider === 'relay'
      ? await startRelay(options.relay, { log: options.log })
      : await startModelServer({
          respond: upstreamResponder(options.upstreamUrl ? { baseUrl: options.upstreamUrl } : {}),
          defaultConversation: 'outside-any-case',
        });
  const recordedWith = options.provider === 'relay' ? 'relay' : 'gemini';
  return {
    env: { LLM_PROVIDER: options.provider, GEMINI_BASE_URL: server.url },
    hooks: {
      begin: (caseId, trial) => server.begin(conversationName(caseId, trial)),
      async end(caseId, trial, result) {
        const recorded = server.end();
        const path = writeCassette(options.cassettesDir, recorded.name, {
          format: 1,
          suite: options.suite,
          case: caseId,
          trial,
          recorded_with: recordedWith,
          model: options.model,
          verdict: { passed: result.passed, failures: result.failures.map(stable) },
          interactions: recorded.interactions,
        });
        options.log(`cassette: ${path} (${recorded.interactions.length} requests)`);
        return withFailures(result, ruleFailures(recorded));
      },
    },
    missing: () => [],
    close: () => server.close(),
  };
}

async function replaySession(options: ModelSessionOptions): Promise<ModelSession> {
  const cassettes = readCassettes(options.cassettesDir);
  const player = cassettePlayer((name) => cassettes.get(name));
  const server: ModelServer = await startModelServer({
    respond: player.respond,
    defaultConversation: 'outside-any-case',
  });
  return {
    env: { LLM_PROVIDER: 'cassette', GEMINI_BASE_URL: server.url },
    hooks: {
      begin: (caseId, trial) => server.begin(conversationName(caseId, trial)),
      async end(caseId, trial, result) {
        const name = conversationName(caseId, trial);
        const recorded = server.end();
        const report = player.finish(name);
        const recordedVerdict = cassettes.get(name)?.verdict;
        const failures = [...report.problems, ...ruleFailures(recorded)];
        if (failures.length === 0 && recordedVerdict)
          failures.push(...verdictChange(recordedVerdict, result));
        return { passed: failures.length === 0, failures };
      },
    },
    missing: (caseIds) =>
      caseIds
        .filter((id) => !cassettes.has(id))
        .map((id) => ({ id, reason: `no cassette recorded in ${options.cassettesDir}` })),
    close: () => server.close(),
  };
}

/** A replay passes when it reaches the recorded verdict: the same pass, or the same failures. */
function verdictChange(recorded: CaseVerdict, replay: CaseVerdict): string[] {
  const now = replay.failures.map(stable);
  if (recorded.passed === replay.passed && JSON.stringify(recorded.failures) === JSON.stringify(now))
    return [];
  const show = (passed: boolean, failures: string[]) => (passed ? 'passed' : `failed (${failures[0] ?? ''})`);
  return [
    `verdict changed: recorded ${show(recorded.passed, recorded.failures)}, replay ${show(replay.passed, now)}`,
  ];
}

function ruleFailures(recorded: RecordedConversation): string[] {
  return recorded.violations.map((v) => `Gemini would refuse ${v}`);
}

function withFailures(verdict: CaseVerdict, failures: string[]): CaseVerdict {
  if (failures.length === 0) return { passed: verdict.passed, failures: verdict.failures };
  return { passed: false, failures: [...verdict.failures, ...failures] };
}
