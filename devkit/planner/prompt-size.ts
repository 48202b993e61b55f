import { DateTime } from 'luxon';
import { DEFAULT_VENUE_LOCALE, DEFAULT_VENUE_TIMEZONE } from '../../lib/config/config.ts';
import {
  DEFAULT_LOOKUP_ROLES,
  type LookupRoles,
  type PlannerRegistry,
} from '../../lib/planner/planner-deps.ts';
import { buildSystemPrompt } from '../../lib/planner/prompt/system-prompt.ts';
import { buildToolset } from '../../lib/planner/tools/bound-toolset.ts';

/** Size of one planning call's fixed input: the system prompt plus the bound tool declarations. */
export interface PromptSize {
  boundActions: number;
  boundTools: number;
  systemPromptChars: number;
  toolDeclarationChars: number;
  totalChars: number;
  /** ~4 characters per token: a stable proxy, not a tokenizer. */
  approxTokens: number;
}

export interface PromptSizeOptions {
  k?: number;
  timeZone?: string;
  roles?: LookupRoles;
  now?: Date;
}

/**
 * The prompt size of a first planning call for `message` (issue 5 bench: 10/100/500 actions, goal flat within
 * 10%). Uses the same retrieval, prompt and tool builders as the planner, with an empty session.
 */
export function planningPromptSize(
  registry: PlannerRegistry,
  message: string,
  options: PromptSizeOptions = {},
): PromptSize {
  const roles = options.roles ?? DEFAULT_LOOKUP_ROLES;
  const now = options.now ?? DateTime.fromISO('2025-12-04T10:00:00Z').toJSDate();
  const venue = { now, timeZone: options.timeZone ?? DEFAULT_VENUE_TIMEZONE, locale: DEFAULT_VENUE_LOCALE };
  const toolset = buildToolset({ registry, roles, query: message, k: options.k ?? 15, chosen: [] });
  const systemPromptChars = buildSystemPrompt({ venue, actions: toolset.actions, roles }).length;
  const toolDeclarationChars = JSON.stringify(toolset.tools).length;
  const totalChars = systemPromptChars + toolDeclarationChars + message.length;
  return {
    boundActions: toolset.actions.length,
    boundTools: toolset.tools.length,
    systemPromptChars,
    toolDeclarationChars,
    totalChars,
    approxTokens: Math.ceil(totalChars / 4),
  };
}
