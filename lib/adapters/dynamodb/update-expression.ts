/** A DynamoDB UpdateExpression with its placeholder maps. */
export interface UpdateExpressionParts {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * Builds `SET #s0 = :s0, … REMOVE #r0, …` with every attribute name behind a placeholder, because plan
 * attributes such as `status` are DynamoDB reserved words. Undefined values are skipped ("leave as is").
 */
export function buildUpdateExpression(
  set: Record<string, unknown>,
  remove: readonly string[] = [],
): UpdateExpressionParts {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const setClauses: string[] = [];
  const removeClauses: string[] = [];
  for (const [i, [key, value]] of Object.entries(set).entries()) {
    if (value === undefined) continue;
    names[`#s${i}`] = key;
    values[`:s${i}`] = value;
    setClauses.push(`#s${i} = :s${i}`);
  }
  for (const [i, key] of remove.entries()) {
    if (key in set && set[key] !== undefined) continue;
    names[`#r${i}`] = key;
    removeClauses.push(`#r${i}`);
  }
  const parts = [
    setClauses.length > 0 ? `SET ${setClauses.join(', ')}` : '',
    removeClauses.length > 0 ? `REMOVE ${removeClauses.join(', ')}` : '',
  ].filter(Boolean);
  return {
    UpdateExpression: parts.join(' '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
