import type { BuildResult } from '../../lib/registry/compile/build-registry.ts';
import type { SkippedOperation } from '../../lib/registry/compile/transform-types.ts';
import type { CompiledAction } from '../../lib/registry/compiled-action.ts';

function pad(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function parameterList(action: CompiledAction): string {
  return action.parameters.map((p) => `${p.name}${p.required ? '*' : ''}:${p.type}`).join(', ') || '-';
}

/** The model-visible actions as a table: action, tier, reversible, compensation, parameters. */
export function formatActionTable(actions: readonly CompiledAction[]): string {
  const header = ['ACTION', 'TIER', 'REVERSIBLE', 'COMPENSATION', 'PARAMETERS (* = required)'];
  const rows = actions.map((a) => [
    a.action_id,
    a.safety_tier,
    a.reversible ? 'yes' : 'no',
    a.compensation?.action_id ?? '-',
    parameterList(a),
  ]);
  return pad([header, ...rows]);
}

function skippedLines(skipped: readonly SkippedOperation[], kinds: SkippedOperation['kind'][]): string[] {
  return skipped
    .filter((s) => kinds.includes(s.kind))
    .map((s) => `  ${s.operation_id}: ${s.reason}${s.source === undefined ? '' : ` [${s.source}]`}`);
}

function section(title: string, lines: string[]): string[] {
  return [`${title}:`, ...(lines.length === 0 ? ['  (none)'] : lines), ''];
}

/** The full human report of `npm run registry`: the table, then everything no model will see, and why. */
export function formatReport(result: BuildResult): string {
  const { actions, skipped, hidden, notes } = result.transform;
  const visible = actions.filter((a) => a.safety_tier !== 'blocked' && !a.execution_only);
  const blocked = actions.filter((a) => a.safety_tier === 'blocked').map((a) => `  ${a.action_id}`);
  const executionOnly = actions
    .filter((a) => a.execution_only)
    .map((a) => {
      const role = a.service_role === undefined ? '' : `, service read: ${a.service_role}`;
      return `  ${a.action_id} (${a.safety_tier}${role}): ${parameterList(a)}`;
    });
  const byReason = (reason: string) =>
    hidden
      .filter((h) => h.reason === reason)
      .map((h) => `  ${h.action_id}.${h.wire_name} (${h.location})${h.detail ? `: ${h.detail}` : ''}`);
  return [
    `Model-visible actions (${visible.length}):`,
    formatActionTable(visible),
    '',
    'Not in any model view',
    ...section('Blocked (in the registry for audit only)', blocked),
    ...section(
      'Execution-only (iq_enabled: false, run by the executor as a compensation or pre-image, or by the service)',
      executionOnly,
    ),
    ...section('Not iq_enabled', skippedLines(skipped, ['not_enabled', 'no_overlay'])),
    ...section('Invalid overlays', skippedLines(skipped, ['invalid_overlay'])),
    ...section('Skipped operations', skippedLines(skipped, ['invalid_operation', 'unsupported'])),
    ...section('Hidden sensitive parameters', byReason('sensitive')),
    ...section('Hidden optional parameters (not allowlisted)', byReason('not_allowlisted')),
    ...section('Hidden unsupported parameters', byReason('unsupported')),
    ...section('Self-referencing, too deeply nested or past the field budget (cut at the bound)', [
      ...byReason('recursive'),
      ...byReason('too_deep'),
      ...byReason('too_large'),
    ]),
    ...section('Server-set fields (readOnly)', byReason('read_only')),
    ...section('Transport headers (set by the HTTP client)', byReason('transport_header')),
    ...section(
      'Danger acknowledgements (sent only on a confirmed high-risk step)',
      byReason('danger_acknowledgement'),
    ),
    ...section(
      'Notes',
      notes.map((n) => `  ${n}`),
    ),
    ...(result.warnings.length === 0
      ? []
      : section(
          'Spec warnings',
          result.warnings.map((w) => `  ${w}`),
        )),
  ].join('\n');
}
