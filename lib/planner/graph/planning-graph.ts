import { END, START, StateGraph } from '@langchain/langgraph';
import { prefetchLookupsNode } from '../prefetch/prefetch-lookups.ts';
import { boundClarificationsNode } from './nodes/bound-clarifications.ts';
import { cancelNode } from './nodes/cancel.ts';
import { clarifyNode } from './nodes/clarify.ts';
import { declineNode } from './nodes/decline.ts';
import { failGracefullyNode } from './nodes/fail-gracefully.ts';
import { generatePlanNode } from './nodes/generate-plan.ts';
import { modelGaveUpNode } from './nodes/model-gave-up.ts';
import { offerAlternativesNode } from './nodes/offer-alternatives.ts';
import { repairPlanNode } from './nodes/repair-plan.ts';
import { understandIntentNode } from './nodes/understand-intent.ts';
import { PlanningState, type PlanningValues } from './planning-state.ts';
import type { TurnContext } from './turn-context.ts';

type TerminalRoute = 'generate_plan' | 'clarify' | 'decline_request' | 'cancel' | 'model_gave_up';
const TERMINAL_ROUTES: TerminalRoute[] = [
  'generate_plan',
  'clarify',
  'decline_request',
  'cancel',
  'model_gave_up',
];

/**
 * The planner as a LangGraph StateGraph (seed 004: deterministic control, the model works inside states):
 *
 *   understand_intent ─┬─ propose_plan ──► generate_plan ─┬─ valid ───────────► END
 *                      ├─ ask_clarification ► clarify     ├─ invalid (once) ──► repair_plan ─► (route again)
 *                      ├─ decline ──────────► decline_request  ├─ slot full ───► offer_alternatives
 *                      ├─ cancel_request ───► cancel ► END ├─ date unclear ──► bound_clarifications
 *                      └─ model gave up ────► model_gave_up └─ invalid again ──► fail_gracefully
 *   clarify | decline_request | offer_alternatives | fail_gracefully | model_gave_up
 *     ──► bound_clarifications ──► END
 *
 * With PLANNER_PREFETCH on (issue 32), `prefetch_lookups` runs first: the lookups the message clearly needs, before
 * the first model call (START ─► prefetch_lookups ─► understand_intent). Off, START leads to understand_intent.
 *
 * Built per request: node closures hold the request's context (the token stays inside ctx.lookups).
 */
export function buildPlanningGraph(ctx: TurnContext) {
  // LangGraph refuses a node no edge reaches, so prefetch_lookups exists only when it runs.
  const prefetch = ctx.prefetch ? prefetchLookupsNode(ctx) : async () => ({});
  const graph = new StateGraph(PlanningState)
    .addNode('prefetch_lookups', prefetch)
    .addNode('understand_intent', understandIntentNode(ctx))
    .addNode('generate_plan', generatePlanNode(ctx))
    .addNode('repair_plan', repairPlanNode(ctx))
    .addNode('clarify', clarifyNode())
    .addNode('decline_request', declineNode(ctx))
    .addNode('cancel', cancelNode())
    .addNode('offer_alternatives', offerAlternativesNode(ctx))
    .addNode('fail_gracefully', failGracefullyNode(ctx))
    .addNode('model_gave_up', modelGaveUpNode(ctx))
    .addNode('bound_clarifications', boundClarificationsNode(ctx))
    .addEdge(START, 'prefetch_lookups')
    .addEdge('prefetch_lookups', 'understand_intent')
    .addConditionalEdges('understand_intent', routeTerminal, TERMINAL_ROUTES)
    .addConditionalEdges('repair_plan', routeTerminal, TERMINAL_ROUTES)
    .addConditionalEdges('generate_plan', routeAfterGate, [
      END,
      'repair_plan',
      'offer_alternatives',
      'fail_gracefully',
      'bound_clarifications',
    ])
    .addEdge('clarify', 'bound_clarifications')
    .addEdge('decline_request', 'bound_clarifications')
    .addEdge('offer_alternatives', 'bound_clarifications')
    .addEdge('fail_gracefully', 'bound_clarifications')
    .addEdge('model_gave_up', 'bound_clarifications')
    .addEdge('bound_clarifications', END)
    .addEdge('cancel', END);
  return graph.compile({ name: 'planner' });
}

function routeTerminal(state: PlanningValues): TerminalRoute {
  if (state.gave_up) return 'model_gave_up';
  switch (state.terminal?.name) {
    case 'propose_plan':
      return 'generate_plan';
    case 'ask_clarification':
      return 'clarify';
    case 'cancel_request':
      return 'cancel';
    default:
      return 'decline_request';
  }
}

function routeAfterGate(
  state: PlanningValues,
): typeof END | 'repair_plan' | 'offer_alternatives' | 'fail_gracefully' | 'bound_clarifications' {
  if (state.result?.kind === 'plan') return END;
  // Issue 15: a date or time the user left open is asked as it is, never repaired by the model.
  if (state.result?.kind === 'clarification') return 'bound_clarifications';
  if (state.unavailable) return 'offer_alternatives';
  return state.repair_rounds === 0 ? 'repair_plan' : 'fail_gracefully';
}
