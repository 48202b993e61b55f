import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../../../lib/config/config.ts';
import { conversationDirName } from '../server/conversation.ts';
import { type ModelServer, startModelServer } from '../server/model-server.ts';
import { fileRelay } from './file-relay.ts';

/** The relay settings of Config. */
export type RelayConfig = Pick<Config, 'RELAY_DIR' | 'RELAY_ANSWER_TIMEOUT_MS' | 'RELAY_PROGRESS_MS'>;

/** Options of startRelay. */
export interface StartRelayOptions {
  /** Calls outside an eval conversation (`npm start`); default `chat-<start time>`. */
  defaultConversation?: string;
  log?: (line: string) => void;
}

/**
 * Starts the relay for LLM_PROVIDER=relay: a loopback model server whose answers come from files (fileRelay),
 * with keep-alive for slow answers, and every conversation's exchanges kept in `<conversation>/recording.json`
 * as they happen (the eval turns them into cassettes when the case ends).
 */
export function startRelay(config: RelayConfig, options: StartRelayOptions = {}): Promise<ModelServer> {
  const dir = resolve(config.RELAY_DIR);
  return startModelServer({
    respond: fileRelay({
      dir,
      timeoutMs: config.RELAY_ANSWER_TIMEOUT_MS,
      progressMs: config.RELAY_PROGRESS_MS,
      ...(options.log ? { log: options.log } : {}),
    }),
    keepAliveMs: 30_000,
    defaultConversation:
      options.defaultConversation ?? `chat-${new Date().toISOString().slice(0, 19).replace(/\D/g, '')}`,
    onInteraction(conversation) {
      const folder = join(dir, conversationDirName(conversation.name));
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'recording.json'), `${JSON.stringify(conversation, null, 2)}\n`);
    },
  });
}
