import type { ConversationResponder, ConversationTurn } from '../server/conversation.ts';
import type { ModelReply } from '../wire/model-endpoint.ts';
import type { Cassette } from './cassette.ts';
import { compareRequests } from './compare-requests.ts';
import { normalizeRequest } from './normalize-request.ts';

/** What a replayed conversation found. */
export interface ReplayReport {
  /** Requests that changed in a way that matters, requests the recording lacks, recorded requests never made. */
  problems: string[];
  /** System-instruction wording that changed (reported, not failed). */
  drift: string[];
}

/** Replays cassettes: one per conversation, its requests in recorded order. */
export interface CassettePlayer {
  respond: ConversationResponder;
  /** What the conversation's replay found, including recorded requests that were never made. */
  finish(conversation: string): ReplayReport;
}

/**
 * `--provider cassette`: answers each request of a conversation with the recorded answer, deterministically, after
 * comparing the request with the recorded one (compareRequests). A request that changed in a way that matters
 * gets a 400 and a readable diff in the report, so the case fails on the change, not on a wrong answer.
 */
export function cassettePlayer(cassetteOf: (conversation: string) => Cassette | undefined): CassettePlayer {
  const reports = new Map<string, ReplayReport & { used: number }>();
  const reportOf = (name: string) => {
    const report = reports.get(name) ?? { problems: [], drift: [], used: 0 };
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
      report.drift.push(...diff.drift.map((d) => `${at(turn, cassette)}: ${d}`));
      if (diff.breaking.length > 0) {
        return fail(`${at(turn, cassette)} differs from the recording:\n  ${diff.breaking.join('\n  ')}`);
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
        drift: report.drift,
      };
    },
  };
}

function at(turn: ConversationTurn, cassette: Cassette): string {
  return `request ${turn.seq} of ${cassette.interactions.length}`;
}
