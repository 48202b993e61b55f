import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One request file of a relay conversation, and where it stands. */
export interface RelayRequest {
  conversation: string;
  seq: number;
  /** The readable request (`<seq>.request.md`). */
  markdown: string;
  /** Where its answer goes (`<seq>.response.json`). */
  answerPath: string;
  state: 'answered' | 'waiting' | 'abandoned';
  /** When the request was written, ms since the epoch. */
  writtenAt: number;
  /** Answer files rejected so far. */
  rejected: number;
}

/** The requests of every conversation under RELAY_DIR (not `.previous/`), conversations by name, seq in order. */
export function relayRequests(dir: string): RelayRequest[] {
  if (!existsSync(dir)) return [];
  const conversations = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  return conversations.flatMap((conversation) => {
    const folder = join(dir, conversation);
    const files = new Set(readdirSync(folder));
    const seqs = [...files]
      .flatMap((f) => /^(\d+)\.request\.json$/.exec(f)?.[1] ?? [])
      .map(Number)
      .sort((a, b) => a - b);
    return seqs.map((seq): RelayRequest => {
      const state = files.has(`${seq}.response.json`)
        ? 'answered'
        : files.has(`${seq}.abandoned.txt`)
          ? 'abandoned'
          : 'waiting';
      return {
        conversation,
        seq,
        markdown: join(folder, `${seq}.request.md`),
        answerPath: join(folder, `${seq}.response.json`),
        state,
        writtenAt: statSync(join(folder, `${seq}.request.json`)).mtimeMs,
        rejected: [...files].filter((f) => f.startsWith(`${seq}.response.rejected-`)).length,
      };
    });
  });
}

/** `npm run relay -- status`: one line per conversation, then the totals. */
export function formatStatus(dir: string, requests: readonly RelayRequest[], now: number): string {
  const byConversation = new Map<string, RelayRequest[]>();
  for (const r of requests)
    byConversation.set(r.conversation, [...(byConversation.get(r.conversation) ?? []), r]);
  const lines = [...byConversation].map(([name, list]) => {
    const answered = list.filter((r) => r.state === 'answered').length;
    const waiting = list.find((r) => r.state === 'waiting');
    const abandoned = list.filter((r) => r.state === 'abandoned').length;
    const state = waiting
      ? `waiting on #${waiting.seq} for ${Math.round((now - waiting.writtenAt) / 60_000)} min: ${waiting.answerPath}`
      : abandoned > 0
        ? `${abandoned} abandoned`
        : 'done';
    return `${name.padEnd(44)} ${String(list.length).padStart(3)} requests, ${String(answered).padStart(3)} answered  ${state}`;
  });
  const waiting = requests.filter((r) => r.state === 'waiting').length;
  return [
    `relay directory: ${dir}`,
    ...lines,
    `${byConversation.size} conversations, ${requests.length} requests, ${waiting} waiting for an answer`,
  ].join('\n');
}
