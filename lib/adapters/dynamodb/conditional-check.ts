import { hasErrorName } from '../../errors/has-error-name.ts';

/**
 * True for a failed ConditionExpression. Matched on `name`, which the SDK sets on its service exceptions,
 * so the check survives minification and duplicate SDK copies (STYLE: no fragile instanceof).
 */
export function isConditionalCheckFailed(error: unknown): boolean {
  return hasErrorName(error, 'ConditionalCheckFailedException');
}
