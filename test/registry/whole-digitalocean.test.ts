import { beforeAll, describe, expect, it } from 'vitest';
import { COMPILER_FAULT } from '../../lib/registry/compile/transform.ts';
import {
  expectEveryOperationAccountedFor,
  expectGeminiSafe,
  skipsByKind,
  useWholeSpec,
  type WholeSpecRun,
} from '../support/whole-spec.ts';

/**
 * The whole DigitalOcean spec (issue 29): 2,900 files, 659 operations, vendored unchanged. Two of its operations
 * violate the OpenAPI schema, and bundling keeps schemas they share with others inside them: before issue 29 the
 * whole load failed on a dangling $ref. Now the two are reported one by one and everything else registers.
 */
let run: WholeSpecRun;
beforeAll(async () => {
  run = await useWholeSpec('digitalocean');
}, 120_000);

const INVALID = ['loadBalancers_create', 'loadBalancers_remove_droplets'];

describe('the registry on the whole DigitalOcean spec', () => {
  it('registers exactly the actions the overlays enable, and their compensations execution-only', () => {
    // Act
    const { actions } = run.built.registry;
    // Assess
    expect(actions.map((a) => a.action_id)).toEqual([
      'certificates_list',
      'domains_create',
      'domains_delete',
      'domains_delete_record',
      'domains_get',
      'domains_get_record',
      'domains_list',
      'domains_list_records',
      'domains_patch_record',
      'domains_update_record',
      'droplets_destroy_withAssociatedResourcesDangerous',
      'droplets_get',
      'droplets_list',
      'firewalls_add_rules',
      'firewalls_create',
      'firewalls_delete',
      'firewalls_delete_rules',
      'firewalls_get',
      'genai_create_agent_api_key',
      'genai_delete_agent_api_key',
      'genai_get_agent',
      'genai_list_agent_api_keys',
      'genai_update_agent',
      'genai_update_agent_api_key',
      'loadBalancers_get',
      'projects_get',
      'projects_list',
      'sshKeys_list',
      'tags_assign_resources',
      'tags_create',
      'tags_delete',
      'tags_get',
      'tags_unassign_resources',
      'vpcs_create',
      'vpcs_delete',
      'vpcs_get',
      'vpcs_list',
    ]);
    expect(actions.filter((a) => a.execution_only).map((a) => a.action_id)).toEqual([
      'domains_delete',
      'tags_delete',
      'vpcs_delete',
    ]);
    expect(actions.find((a) => a.action_id === 'vpcs_create')?.compensation).toEqual({
      action_id: 'vpcs_delete',
      parameters: { vpc_id: '{{response.vpc.id}}' },
    });
  });

  it('reports each invalid operation and each overlay it cannot honour, with its reason, and nothing else', () => {
    // Act
    const problems = run.built.transform.skipped.filter((s) => s.kind !== 'no_overlay');
    // Assess
    expect(problems).toEqual([
      {
        operation_id: 'certificates_create',
        kind: 'unsupported',
        reason: "required input 'body' is a oneOf union",
        source: 'certificates-create.yaml',
      },
      {
        operation_id: 'domains_create_record',
        kind: 'not_enabled',
        reason: 'iq_enabled is false',
        source: 'domains-create-record.yaml',
      },
      {
        operation_id: 'loadBalancers_create',
        kind: 'invalid_operation',
        reason: expect.stringMatching(
          /^violates the OpenAPI schema: #\/paths\/~1v2~1load_balancers\/post\/requestBody\//,
        ),
      },
      {
        operation_id: 'loadBalancers_remove_droplets',
        kind: 'invalid_operation',
        reason: expect.stringMatching(
          /^violates the OpenAPI schema: #\/paths\/~1v2~1load_balancers~1\{lb_id\}~1droplets\/delete\//,
        ),
      },
    ]);
    expect(run.built.warnings).toEqual([]);
    expectEveryOperationAccountedFor(run.built, 659);
  });

  it('declares every model-visible action inside the Gemini subset', () => {
    expectGeminiSafe(run.built);
  });

  it('compiles any overlay on any valid operation, or skips it with a reason: never throws', () => {
    // Act: every operation enabled, every optional input allowlisted.
    const { everything } = run;
    // Assess
    expect(everything.registry.actions).toHaveLength(630);
    expect(skipsByKind(everything)).toEqual({ invalid_operation: 2, unsupported: 27 });
    expect(
      everything.transform.skipped.filter((s) => s.kind === 'invalid_operation').map((s) => s.operation_id),
    ).toEqual(INVALID);
    for (const skip of everything.transform.skipped)
      expect(skip.reason.length, skip.operation_id).toBeGreaterThan(10);
    expectEveryOperationAccountedFor(everything, 659);
    expectGeminiSafe(everything);
  });

  it('compiles output fields and compensations with pre-images on every operation, or skips them with a reason', () => {
    // Act: every response field an output field; every PUT/PATCH reversible by calling itself again.
    const { exercised } = run;
    // Assess
    expect(exercised.registry.actions).toHaveLength(630);
    expect(exercised.registry.actions.filter((a) => a.compensation !== undefined)).toHaveLength(72);
    expect(skipsByKind(exercised)).toEqual({ invalid_operation: 2, unsupported: 27 });
    expect(exercised.transform.skipped.filter((s) => s.reason.startsWith(COMPILER_FAULT))).toEqual([]);
    expectEveryOperationAccountedFor(exercised, 659);
  });
});
