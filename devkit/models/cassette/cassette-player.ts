import type { ConversationResponder, ConversationTurn } from '../server/conversation.ts';
import type { ModelReply } from '../wire/model-endpoint.ts';
import type { Cassette } from './cassette.ts';
import { compareRequests } from './compare-requests.ts';
import { normalizeRequest } from './normalize-request.ts';

/** What a replayed conversation found. */
export interface ReplayReport {
  /**
   * Requests that differ from their recording (system instruction, tools, turns), requests the recording lacks,
   * recorded requests never made. A differing request names the cassette to re-record and the command.
   */
  problems: string[];
}

/**
 * How to re-record one cassette: through the relay, as docs/models.md "Relay: playing the model yourself" shows.
 * The cassette names its own suite and case, so the command is exact.
 */
export function reRecordHint(cassette: Pick<Cassette, 'suite' | 'case'>): string {
  return (
    `re-record cassette ${cassette.suite}/${cassette.case} through the relay: ` +
    `npm run eval -- --provider relay --suite ${cassette.suite} --case ${cassette.case} ` +
    '(docs/models.md, "Relay: playing the model yourself")'
  );
}

/** Replays cassettes: one per conversation, its requests in recorded order. */
export interface CassettePlayer {
  respond: ConversationResponder;
  /** What the conversation's replay found, including recorded requests that were never made. */
  finish(conversation: string): ReplayReport;
}

/**
 * `--provider cassette`: answers each request of a conversation with the recorded answer, deterministically, after
 * comparing the request with the recorded one (compareRequests). A request that changed (a reworded system
 * instruction included) gets a 400 and a readable diff in the report that says which cassette to re-record and
 * how, so the case fails on the change, not on a wrong answer.
 */
export function cassettePlayer(cassetteOf: (conversation: string) => Cassette | undefined): CassettePlayer {
  const reports = new Map<string, ReplayReport & { used: number }>();
  const reportOf = (name: string) => {
    const report = reports.get(name) ?? { problems: [], used: 0 };
    reports.set(name, report);
    return report;
  };
  return {
    async respond(call, turn): Promise<ModelReply> {
      const report = reportOf(turn.conversation);
      const cassette = cassetteOf(turn.conversation);
      const fail = (problem: string): ModelReply => {
        report.problems.push(problem);
        return { ok: false, code: 400, message: `cassette ${turn.conversation}: ${problem}` };
      };
      if (!cassette) return fail('no cassette was recorded for this conversation');
      const recorded = cassette.interactions[turn.seq - 1];
      if (!recorded)
        return fail(`request ${turn.seq}: the recording ends after ${cassette.interactions.length} requests`);
      report.used = turn.seq;
      const diff = compareRequests(recorded.request, normalizeRequest(call.request));
      if (diff.breaking.length > 0) {
        return fail(
          `${at(turn, cassette)} differs from the recording:\n  ${diff.breaking.join('\n  ')}\n${reRecordHint(cassette)}`,
        );
      }
      if (recorded.error) return { ok: false, code: recorded.error.code, message: recorded.error.message };
      return recorded.response
        ? { ok: true, response: recorded.response }
        : fail('recorded interaction has no answer');
    },
    finish(conversation) {
      const report = reportOf(conversation);
      reports.delete(conversation);
      const total = cassetteOf(conversation)?.interactions.length ?? 0;
      const unmade = report.problems.length === 0 && report.used < total;
      return {
        problems: [
          ...report.problems,
          ...(unmade ? [`only ${report.used} of the ${total} recorded requests were made`] : []),
        ],
      };
    },
  };
}

function at(turn: ConversationTurn, cassette: Cassette): string {
  return `request ${turn.seq} of ${cassette.interactions.length}`;
}
