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
 * GitHub's official spec, whole (issue 29): 1,223 operations in one 13 MB JSON file, as the pinned devDependency
 * @octokit/openapi ships it. Operation ids carry slashes (`issues/create`); the overlays are ours
 * (test/fixtures/specs/github/overlays).
 */
let run: WholeSpecRun;
beforeAll(async () => {
  run = await useWholeSpec('github');
}, 120_000);

describe('the registry on the whole GitHub spec', () => {
  it('registers exactly the actions the overlays enable, with the blocked one kept for audit', () => {
    // Act
    const { actions } = run.built.registry;
    // Assess
    expect(actions.map((a) => a.action_id)).toEqual([
      'activity/star-repo-for-authenticated-user',
      'activity/unstar-repo-for-authenticated-user',
      'issues/create',
      'issues/create-comment',
      'issues/delete-comment',
      'issues/get',
      'issues/get-comment',
      'issues/list-comments',
      'issues/list-for-repo',
      'issues/lock',
      'issues/unlock',
      'issues/update',
      'issues/update-comment',
      'pulls/get',
      'pulls/list',
      'repos/delete',
      'repos/get',
      'search/issues-and-pull-requests',
      'users/get-authenticated',
    ]);
    expect(actions.find((a) => a.action_id === 'repos/delete')?.safety_tier).toBe('blocked');
    expect(actions.find((a) => a.action_id === 'issues/delete-comment')?.execution_only).toBe(true);
    expect(actions.find((a) => a.action_id === 'issues/update')?.compensation).toEqual({
      action_id: 'issues/update',
      parameters: {
        owner: '{{request.owner}}',
        repo: '{{request.repo}}',
        issue_number: '{{request.issue_number}}',
        title: '{{before.title}}',
        body: '{{before.body}}',
        state: '{{before.state}}',
      },
      pre_image: {
        action_id: 'issues/get',
        parameters: {
          owner: '{{request.owner}}',
          repo: '{{request.repo}}',
          issue_number: '{{request.issue_number}}',
        },
      },
    });
  });

  it('maps the inputs of a whole-spec operation to typed parameters', () => {
    // Act
    const update = run.built.registry.actions.find((a) => a.action_id === 'issues/update');
    // Assess
    expect(update?.parameters.map((p) => [p.name, p.type, p.required, p.location])).toEqual([
      ['owner', 'string', true, 'path'],
      ['repo', 'string', true, 'path'],
      ['issue_number', 'number', true, 'path'],
      ['title', 'string', false, 'body'],
      ['body', 'string', false, 'body'],
      ['state', 'enum', false, 'body'],
    ]);
    expect(update?.parameters.find((p) => p.name === 'state')?.enum_values).toEqual(['open', 'closed']);
  });

  it('reports the overlay it cannot honour, with its reason, and nothing else', () => {
    // Act
    const problems = run.built.transform.skipped.filter((s) => s.kind !== 'no_overlay');
    // Assess
    expect(problems).toEqual([
      {
        operation_id: 'gists/create',
        kind: 'unsupported',
        reason: "required input 'files' is an object with free-form keys",
        source: 'gists-create.yaml',
      },
    ]);
    expect(run.spec.invalid).toEqual([]);
    expect(run.built.warnings).toEqual([]);
    expectEveryOperationAccountedFor(run.built, 1223);
  });

  it('declares every model-visible action inside the Gemini subset', () => {
    expectGeminiSafe(run.built);
  });

  it('compiles any overlay on any operation, or skips it with a reason: never throws', () => {
    // Act: every operation enabled, every optional input allowlisted.
    const { everything } = run;
    // Assess
    expect(everything.registry.actions).toHaveLength(1200);
    expect(skipsByKind(everything)).toEqual({ unsupported: 23 });
    for (const skip of everything.transform.skipped)
      expect(skip.reason.length, skip.operation_id).toBeGreaterThan(10);
    expectEveryOperationAccountedFor(everything, 1223);
    expectGeminiSafe(everything);
  });

  it('compiles output fields and compensations with pre-images on every operation, or skips them with a reason', () => {
    // Act: every response field an output field; every PUT/PATCH reversible by calling itself again.
    const { exercised } = run;
    // Assess
    expect(exercised.registry.actions).toHaveLength(1200);
    expect(exercised.registry.actions.filter((a) => a.compensation !== undefined)).toHaveLength(198);
    expect(skipsByKind(exercised)).toEqual({ unsupported: 23 });
    expect(exercised.transform.skipped.filter((s) => s.reason.startsWith(COMPILER_FAULT))).toEqual([]);
    expectEveryOperationAccountedFor(exercised, 1223);
  });
});
