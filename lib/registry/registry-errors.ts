/** Base of the registry's error family (STYLE 3): every subclass sets a stable `name` and forwards `{ cause }`. */
export class RegistryError extends Error {
  override readonly name: string = 'RegistryError';
}

/** A caller asked for an action_id the registry does not hold. */
export class UnknownActionError extends RegistryError {
  override readonly name = 'UnknownActionError';
  readonly actionId: string;
  // Plain fields, no parameter properties: the registry CLI runs under Node's own type stripping.
  constructor(actionId: string, options?: ErrorOptions) {
    super(`unknown action '${actionId}'`, options);
    this.actionId = actionId;
  }
}

/** 001 Safety Tier: a blocked action "cannot be executed through this system". */
export class BlockedActionError extends RegistryError {
  override readonly name = 'BlockedActionError';
  readonly actionId: string;
  constructor(actionId: string, options?: ErrorOptions) {
    super(`action '${actionId}' is blocked and can never be executed through this service`, options);
    this.actionId = actionId;
  }
}

/** The OpenAPI document cannot be read or resolved at all (as opposed to single invalid operations). */
export class SpecLoadError extends RegistryError {
  override readonly name = 'SpecLoadError';
}

/** The overlay directory cannot be read (single invalid overlays are reported, not thrown). */
export class OverlayLoadError extends RegistryError {
  override readonly name = 'OverlayLoadError';
}

/** The compiled artefact does not match the CompiledRegistry contract (stale or hand-edited). */
export class CompiledRegistryError extends RegistryError {
  override readonly name = 'CompiledRegistryError';
}
