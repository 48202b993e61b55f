import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readCassette, readCassettes } from '../../devkit/models/cassette/cassette-files.ts';
import { loadBlindSuite } from '../../eval/lib/blind/blind-case.ts';
import { runBlindSuite } from '../../eval/lib/blind/run-blind-suite.ts';
import type { EvalCase } from '../../eval/lib/case-schema.ts';
import { casesDir, loadCaseFile, loadCases } from '../../eval/lib/load-cases.ts';
import { startModelSession } from '../../eval/lib/model-session.ts';
import { runEval } from '../../eval/lib/run-eval.ts';
import { runSealedSuite } from '../../eval/lib/sealed/run-sealed-suite.ts';
import { loadSealedSuite } from '../../eval/lib/sealed/sealed-case.ts';
import { type GeminiStub, startGeminiStub } from '../support/gemini-stub.ts';

const RELAY = { RELAY_DIR: '.local/relay', RELAY_ANSWER_TIMEOUT_MS: 60_000, RELAY_PROGRESS_MS: 30_000 };
const MODEL = 'gemini-2.5-flash';

/** The committed cassette directories: the fixtures recorded by the automatic answerer, and eval/cassettes/<suite>. */
const fixtures = fileURLToPath(new URL('../fixtures/cassettes/golden/', import.meta.url));
const evalCassettes = fileURLToPath(new URL('../../eval/cassettes/', import.meta.url));
const suites = existsSync(evalCassettes) ? readdirSync(evalCassettes) : [];
/** The sealed corpora (eval/<name>) whose relay samples are recorded in eval/cassettes/<name>. */
const evalDir = fileURLToPath(new URL('../../eval/', import.meta.url));
const sealedCorpora = suites.filter((suite) => /^sealed\d*$/.test(suite) && existsSync(join(evalDir, suite)));
/** Golden-suite directories (the blind and sealed suites' cassettes replay against their own venues, below). */
const committed = [
  fixtures,
  ...suites
    .filter((suite) => suite !== 'blind' && !sealedCorpora.includes(suite))
    .map((suite) => join(evalCassettes, suite)),
];
const blindCassettes = suites.includes('blind') ? join(evalCassettes, 'blind') : undefined;

/** A --provider cassette model session over one cassette directory; the model server applies the strict stub's rules. */
async function cassetteSession(dir: string, suite: string, log: (line: string) => void = () => undefined) {
  const session = await startModelSession({
    provider: 'cassette',
    suite,
    cassettesDir: dir,
    record: false,
    relay: RELAY,
    model: MODEL,
    log,
  });
  if (!session) throw new Error('the cassette provider always has a model session');
  return session;
}

/** Replays a cassette directory's cases (golden suite). */
async function replay(dir: string, cases: EvalCase[]) {
  const logged: string[] = [];
  const session = await cassetteSession(dir, 'golden', (line) => logged.push(line));
  try {
    const report = await runEval({
      provider: 'cassette',
      cases,
      env: session.env,
      conversations: session.hooks,
    });
    return { report, logged };
  } finally {
    await session.close();
  }
}

describe('committed cassettes replay deterministically (npm test)', () => {
  it.each(committed)(
    'every cassette of %s replays: same requests, no Gemini rule broken, same verdict',
    async (dir) => {
      // Prepare
      const cassettes = readCassettes(dir);
      const cases = loadCases().filter((c) => cassettes.has(c.id));

      // Act
      const { report } = await replay(dir, cases);

      // Assess
      expect(cases.length).toBe(cassettes.size);
      expect(report.results.filter((r) => !r.passed).map((r) => `${r.id}: ${r.firstFailure}`)).toEqual([]);
    },
  );

  it.runIf(blindCassettes !== undefined)(
    'every blind-corpus cassette (relay recordings, issue 18) replays with its executions: same requests, same verdict',
    async () => {
      // Prepare: the recordings confirmed every right plan, so the replay confirms too and the executor's
      // requests are compared like the planner's.
      const dir = blindCassettes ?? '';
      const cassettes = readCassettes(dir);
      const suite = loadBlindSuite();
      const cases = suite.cases.filter((c) => cassettes.has(c.id));
      const session = await cassetteSession(dir, 'blind');

      // Act
      const report = await runBlindSuite({
        suite: { ...suite, cases },
        provider: 'cassette',
        env: session.env,
        conversations: session.hooks,
        confirm: true,
      }).finally(() => session.close());

      // Assess: every recorded conversation replays to its recorded verdict; no confirmed plan is left open.
      expect(cases.length).toBe(cassettes.size);
      const changed = report.results.flatMap((r) =>
        r.conversation?.passed ? [] : [`${r.id}: ${r.conversation?.failures.join('; ') ?? 'not judged'}`],
      );
      expect(changed).toEqual([]);
      const open = report.results.filter(
        (r) => r.execution && !['completed', 'failed', 'rolled_back'].includes(r.execution.status),
      );
      expect(open.map((r) => `${r.id}: ${r.execution?.status} ${r.execution?.detail ?? ''}`)).toEqual([]);
    },
    // 55 conversations with their executions: near the 60 s default under load (closing note of stop 7).
    180_000,
  );

  it.each(sealedCorpora.map((name) => [name]))(
    'every cassette of the %s corpus (a relay sample, issue 30) replays on the corpus venues with its execution',
    async (name) => {
      // Prepare: the sealed runner confirms every last plan, as the recording did, on the corpus's own venues,
      // clock and tokens; the corpus is loaded by the runner, not read here.
      const dir = join(evalCassettes, name);
      const cassettes = readCassettes(dir);
      const suite = loadSealedSuite(join(evalDir, name));
      const cases = suite.cases.filter((c) => cassettes.has(c.id));
      const session = await cassetteSession(dir, name);

      // Act
      const report = await runSealedSuite({
        suite: { ...suite, cases },
        provider: 'cassette',
        env: session.env,
        conversations: session.hooks,
      }).finally(() => session.close());

      // Assess: every recorded conversation replays to its recorded verdict; no confirmed plan is left open.
      expect(cases.length).toBe(cassettes.size);
      const changed = report.results.flatMap((r) =>
        r.conversation?.passed ? [] : [`${r.id}: ${r.conversation?.failures.join('; ') ?? 'not judged'}`],
      );
      expect(changed).toEqual([]);
      const open = report.results.filter(
        (r) => r.execution && !['completed', 'failed', 'rolled_back'].includes(r.execution.status),
      );
      expect(open.map((r) => `${r.id}: ${r.execution?.status} ${r.execution?.detail ?? ''}`)).toEqual([]);
    },
    180_000,
  );

  it('fails with a readable diff when a request changed in a way that matters', async () => {
    // Prepare: the user now says Sunday; the recording was made with Saturday (one request: the lookups are
    // prefetched and the step runs without a model turn, issue 32).
    const base = loadCaseFile(`${casesDir}reschedule-by-reference-saturday-3pm.yaml`);
    const changed: EvalCase = {
      ...base,
      turns: [{ ...base.turns[0]!, user: 'Move BK-2001 to Sunday at 3pm' }],
    };

    // Act
    const { report } = await replay(fixtures, [changed]);

    // Assess
    expect(report.results[0]?.passed).toBe(false);
    const failure = report.results[0]?.firstFailure ?? '';
    expect(failure.split('\n').slice(0, 3)).toEqual([
      'request 1 of 1 differs from the recording:',
      '  contents[0] (user:text).parts[0].text: "Move BK-2001 to Saturday at 3pm" → "Move BK-2001 to Sunday at 3pm"',
      '  contents[3] (model:call(getAvailability)).parts[0].call.args.date: "Saturday at 3pm" → "Sunday at 3pm"',
    ]);
    expect(failure).toContain(
      're-record cassette golden/reschedule-by-reference-saturday-3pm through the relay',
    );
  });

  it('fails when the same requests no longer reach the recorded verdict', async () => {
    // Prepare: the case now expects another end state; the conversation itself is unchanged.
    const base = loadCaseFile(`${casesDir}reschedule-by-reference-saturday-3pm.yaml`);
    const stricter: EvalCase = { ...base, database: { ...base.database, payment_links: 1 } };

    // Act
    const { report } = await replay(fixtures, [stricter]);

    // Assess
    expect(report.results[0]?.firstFailure).toMatch(
      /^verdict changed: recorded passed, replay failed \(database: /,
    );
  });
});

describe('--provider gemini --record', () => {
  let stub: GeminiStub | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'cassettes-'));
  afterAll(async () => {
    await stub?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records each conversation through a proxy (no key in the cassette), and the cassette replays', async () => {
    // Prepare: the stub plays Gemini upstream.
    stub = await startGeminiStub();
    stub.reply({
      functionCalls: [{ name: 'decline', args: { message: 'I can only change bookings.' }, id: 'd1' }],
    });
    const declined = loadCaseFile(`${casesDir}out-of-domain-request-declined.yaml`);
    const session = await startModelSession({
      provider: 'gemini',
      suite: 'golden',
      cassettesDir: dir,
      record: true,
      relay: RELAY,
      model: MODEL,
      upstreamUrl: stub.url,
      log: () => undefined,
    });
    if (!session) throw new Error('gemini --record has a model session');

    // Act
    const recorded = await runEval({
      provider: 'gemini',
      cases: [declined],
      env: { GOOGLE_API_KEY: 'secret-test-key', ...session.env },
      conversations: session.hooks,
    }).finally(() => session.close());
    const replayed = await replay(dir, [declined]);

    // Assess
    expect(recorded.summary).toBe('1 passed, 0 failed');
    expect(stub.requests[0]?.apiKey).toBe('secret-test-key');
    const cassette = readCassette(join(dir, 'out-of-domain-request-declined.cassette.json'));
    expect(cassette).toMatchObject({ recorded_with: 'gemini', case: declined.id, verdict: { passed: true } });
    expect(JSON.stringify(cassette)).not.toContain('secret-test-key');
    expect(replayed.report.summary).toBe('1 passed, 0 failed');
  });
});
