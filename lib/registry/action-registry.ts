import type { ServiceRole } from '../contracts/enums.ts';
import type { CompiledAction } from './compiled-action.ts';
import { BlockedActionError, UnknownActionError } from './registry-errors.ts';

/** Model-visible: neither blocked nor execution-only. */
function visible(action: CompiledAction): boolean {
  return action.safety_tier !== 'blocked' && action.execution_only !== true;
}

/**
 * The Action Registry (000 "Action Transformer → Action Registry"): every compiled action by action_id.
 * Blocked actions are kept for audit (so the executor can refuse and name them) but are excluded from every
 * view meant for a model (000 Security: "Blocked actions never exposed to LLM"). Execution-only actions
 * (iq_enabled: false, needed as another action's compensation or pre-image read) are in no model view either
 * and can never be a plan step, but the executor may run them.
 */
export class ActionRegistry {
  readonly #byId: ReadonlyMap<string, CompiledAction>;
  readonly #all: readonly CompiledAction[];

  constructor(actions: readonly CompiledAction[]) {
    const byId = new Map<string, CompiledAction>();
    for (const action of actions) {
      if (byId.has(action.action_id)) {
        throw new TypeError(`duplicate action_id '${action.action_id}' in registry`);
      }
      byId.set(action.action_id, action);
    }
    this.#byId = byId;
    this.#all = Object.freeze([...actions]);
  }

  /** The action, blocked, execution-only or model-visible, or undefined. */
  get(actionId: string): CompiledAction | undefined {
    return this.#byId.get(actionId);
  }

  /** The action, blocked or not. Throws UnknownActionError when absent. */
  require(actionId: string): CompiledAction {
    const action = this.#byId.get(actionId);
    if (action === undefined) throw new UnknownActionError(actionId);
    return action;
  }

  /**
   * The action if it may be executed (model-visible or execution-only): throws UnknownActionError or
   * BlockedActionError otherwise. Whether it may be a plan step is isModelVisible's question.
   */
  requireExecutable(actionId: string): CompiledAction {
    const action = this.require(actionId);
    if (action.safety_tier === 'blocked') throw new BlockedActionError(actionId);
    return action;
  }

  /** True when the id is known, not blocked and not execution-only: a model may see it and plan it. */
  isModelVisible(actionId: string): boolean {
    const action = this.#byId.get(actionId);
    return action !== undefined && visible(action);
  }

  /**
   * The read the service's own code runs for `role` (overlay `service_role`, ADR 0010), or undefined when the
   * API declares none (a foreign spec): callers then skip what it would prove.
   */
  serviceAction(role: ServiceRole): CompiledAction | undefined {
    return this.#all.find((a) => a.service_role === role && a.safety_tier !== 'blocked');
  }

  /** Every action, including blocked and execution-only ones: for audit and the CLI, never for a model. */
  all(): readonly CompiledAction[] {
    return this.#all;
  }

  /** The actions a model may see: everything except blocked and execution-only ones. */
  modelVisible(): CompiledAction[] {
    return this.#all.filter(visible);
  }

  /** Model-visible read-only actions (GET): the planner may call these while planning (docs/design-facts.md). */
  readOnly(): CompiledAction[] {
    return this.modelVisible().filter((a) => a.read_only);
  }

  /** Model-visible mutations: only ever plan steps, executed after confirmation. */
  mutations(): CompiledAction[] {
    return this.modelVisible().filter((a) => !a.read_only);
  }
}
