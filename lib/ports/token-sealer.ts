/**
 * Port: seals the user's token before it is enqueued, so the SQS message, its DLQ copy and anything that reads
 * the queue hold only ciphertext (issue 28; ADR 0001). A sealed token is bound to its plan: it unseals only
 * with the same plan id (KMS encryption context / AES-GCM additional data), so a body copied onto another plan's
 * message is refused. Only the executor and the watchdog's rollback unseal.
 */
export interface TokenSealer {
  /** The token as ciphertext bound to `planId` (a printable string). Throws TokenSealerUnavailableError. */
  seal(token: string, planId: string): Promise<string>;
  /**
   * The token back. Throws TokenUnsealError when the text was not sealed for this plan with this key (tampered,
   * another key, another plan, another scheme), TokenSealerUnavailableError when the key service did not answer.
   */
  unseal(sealed: string, planId: string): Promise<string>;
}

/** Base of the token sealer's error family (STYLE 3). Messages name the plan only, never the token. */
export class TokenSealerError extends Error {
  override readonly name: string = 'TokenSealerError';
}

/** The sealed token cannot be opened, and never will be: the plan fails without calling the booking API. */
export class TokenUnsealError extends TokenSealerError {
  override readonly name = 'TokenUnsealError';
  constructor(
    readonly planId: string,
    options?: { cause?: unknown },
  ) {
    super(`the sealed token of plan ${planId} cannot be unsealed with this key`, options);
  }
}

/** The key service did not answer (a KMS outage or throttling): retryable, so the message is redelivered. */
export class TokenSealerUnavailableError extends TokenSealerError {
  override readonly name = 'TokenSealerUnavailableError';
  readonly retryable = true;
  constructor(
    readonly planId: string,
    options?: { cause?: unknown },
  ) {
    super(`the token key service did not answer for plan ${planId}`, options);
  }
}
