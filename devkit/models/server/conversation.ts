import type { CassetteInteraction } from '../cassette/cassette.ts';
import type { ModelCall, ModelReply } from '../wire/model-endpoint.ts';

/** Where a model call sits: its conversation (an eval case, or the session of `npm start`) and its number in it. */
export interface ConversationTurn {
  conversation: string;
  /** 1 for the conversation's first request. */
  seq: number;
}

/** Answers one call of a conversation: the file relay, the cassette player, or the recording proxy. */
export type ConversationResponder = (call: ModelCall, turn: ConversationTurn) => Promise<ModelReply>;

/** Everything one conversation produced, when the driver ends it. */
export interface RecordedConversation {
  name: string;
  interactions: CassetteInteraction[];
  /** Gemini request rules the service broke (each request was refused with Gemini's 400). */
  violations: string[];
}

/** A conversation's name made safe as a file or directory name (relay folders, cassette files). */
export const conversationDirName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_');
