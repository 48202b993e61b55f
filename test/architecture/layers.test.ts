import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/adr/0022-devkit-and-layers.md, read from the real import graph: lib/ is what the deployed
 * functions need, and the walk of one request or one execution goes one way,
 * functions → lib/composition → use cases and graphs → lib/ports ← lib/adapters.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Import graph: repository-relative file → the repository-relative files it imports (relative specifiers only). */
type ImportGraph = ReadonlyMap<string, readonly string[]>;

function listFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = posix.join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return listFiles(path);
    return /\.(ts|json)$/.test(name) ? [path] : [];
  });
}

/**
 * Static and dynamic imports and re-exports, type-only ones included: a type import still ties the importer to the
 * imported layer. Every import here is relative with its extension (tsconfig allowImportingTsExtensions), so
 * resolution is a path join; package imports are left out.
 */
function readImportGraph(dirs: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap(listFiles)) {
    if (!file.endsWith('.ts')) {
      graph.set(file, []);
      continue;
    }
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    graph.set(
      file,
      importedFiles
        .map((i) => i.fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier))),
    );
  }
  return graph;
}

/**
 * What ships: the Lambda entry points, the CDK app, and the registry compiler whose output
 * (lib/registry/compiled-registry.generated.json) the functions bundle (npm run registry:build; CI proves it fresh).
 */
function isShippedRoot(file: string): boolean {
  return (
    /^functions\/[^/]+\.ts$/.test(file) ||
    file.startsWith('infra/cdk/') ||
    file === 'lib/registry/compile/build-registry.ts'
  );
}

function reachableFrom(graph: ImportGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return seen;
}

/** lib/ modules that no shipped root reaches: imported only by development tools (devkit, infra/local, test, bench, eval) or by nothing. */
function devOnlyLibModules(graph: ImportGraph): string[] {
  const shipped = reachableFrom(
    graph,
    [...graph.keys()].filter((file) => isShippedRoot(file)),
  );
  return [...graph.keys()].filter((file) => file.startsWith('lib/') && !shipped.has(file)).sort();
}

/** Every `importer -> imported` edge where the importer matches `from` and the imported file matches `to`. */
function importsBetween(graph: ImportGraph, from: RegExp, to: RegExp): string[] {
  return [...graph]
    .flatMap(([file, imports]) =>
      from.test(file) ? imports.filter((i) => to.test(i)).map((i) => `${file} -> ${i}`) : [],
    )
    .sort();
}

const LIB = /^lib\//;
const DEV = /^(devkit|test|bench|eval|infra)\//;
const PORTS = /^lib\/ports\//;
const ADAPTERS = /^lib\/adapters\//;
const COMPOSITION = /^lib\/composition\//;
const PLANNER = /^lib\/planner\//;
const EXECUTOR = /^lib\/executor\//;
/** Use cases and graphs: what sits between composition and ports. */
const USE_CASES = /^lib\/(http|plans|planner|executor|questions|models)\//;
/** Routes and graphs. An adapter may name the domain's records (lib/plans, lib/contracts) but not these. */
const GRAPHS_AND_ROUTES = /^lib\/(http|planner|executor|questions|composition)\//;

/**
 * Known type-only imports against the one-way walk, each kept here until its owner moves the type: a route names
 * the deps type its composition module builds. Listed so that any new one fails.
 */
const KNOWN_USE_CASE_TO_COMPOSITION = [
  'lib/http/routes/answer-prompt-route.ts -> lib/composition/plan-service.ts',
  'lib/http/routes/confirm-plan-route.ts -> lib/composition/plan-service.ts',
  'lib/http/routes/get-plan-route.ts -> lib/composition/plan-status-service.ts',
  'lib/http/routes/handle-request-route.ts -> lib/composition/request-service.ts',
];

describe('the import graph', () => {
  const graph = readImportGraph(['lib', 'functions', 'infra', 'devkit']);

  it('reads the real graph: the request handler reaches the request composition', () => {
    // Prepare: the graph above. Act
    const reached = reachableFrom(graph, ['functions/handle-request.ts']);

    // Assess: a guard against a reader that finds no edges (every rule below would then pass vacuously)
    expect(reached.has('lib/composition/request-service.ts')).toBe(true);
    expect(reached.has('lib/registry/compiled-registry.generated.json')).toBe(true);
  });

  it('has no lib/ module that only development tools import (or nothing does)', () => {
    expect(devOnlyLibModules(graph)).toEqual([]);
  });

  it('has lib/ import nothing from devkit, test, bench, eval or infra', () => {
    expect(importsBetween(graph, LIB, DEV)).toEqual([]);
  });

  it('has lib/ports import no adapter and no composition module', () => {
    expect(importsBetween(graph, PORTS, ADAPTERS)).toEqual([]);
    expect(importsBetween(graph, PORTS, COMPOSITION)).toEqual([]);
  });

  it('keeps the planner and the executor apart, in both directions', () => {
    expect(importsBetween(graph, PLANNER, EXECUTOR)).toEqual([]);
    expect(importsBetween(graph, EXECUTOR, PLANNER)).toEqual([]);
  });

  it('walks one way: only composition wires adapters, and use cases do not reach back into composition', () => {
    expect(importsBetween(graph, /^lib\/(?!adapters\/|composition\/)/, ADAPTERS)).toEqual([]);
    expect(importsBetween(graph, USE_CASES, COMPOSITION)).toEqual(KNOWN_USE_CASE_TO_COMPOSITION);
    expect(importsBetween(graph, ADAPTERS, GRAPHS_AND_ROUTES)).toEqual([]);
  });
});

describe('the layer rules on a planted graph', () => {
  // The rules above pass on today's tree; these show each one fails on the violation it names.
  const planted: ImportGraph = new Map([
    ['functions/handle-request.ts', ['lib/composition/request-service.ts']],
    [
      'lib/composition/request-service.ts',
      ['lib/adapters/dynamodb/plan-store.ts', 'lib/plans/create-plan.ts'],
    ],
    ['lib/plans/create-plan.ts', ['lib/ports/plan-store.ts', 'devkit/sandbox/start-sandbox.ts']],
    ['lib/ports/plan-store.ts', ['lib/adapters/dynamodb/plan-store.ts']],
    ['lib/adapters/dynamodb/plan-store.ts', ['lib/ports/plan-store.ts']],
    ['lib/planner/guard.ts', ['lib/executor/hint.ts']],
    ['lib/executor/hint.ts', []],
    ['devkit/ops/cli.ts', ['lib/plans/redrive.ts']],
    ['lib/plans/redrive.ts', []],
  ]);

  it('names a lib/ module reached only from devkit, and ones nothing imports', () => {
    // Act
    const devOnly = devOnlyLibModules(planted);

    // Assess
    expect(devOnly).toEqual(['lib/executor/hint.ts', 'lib/planner/guard.ts', 'lib/plans/redrive.ts']);
  });

  it('names lib → devkit, ports → adapters and planner → executor edges', () => {
    // Act + Assess
    expect(importsBetween(planted, LIB, DEV)).toEqual([
      'lib/plans/create-plan.ts -> devkit/sandbox/start-sandbox.ts',
    ]);
    expect(importsBetween(planted, PORTS, ADAPTERS)).toEqual([
      'lib/ports/plan-store.ts -> lib/adapters/dynamodb/plan-store.ts',
    ]);
    expect(importsBetween(planted, PLANNER, EXECUTOR)).toEqual([
      'lib/planner/guard.ts -> lib/executor/hint.ts',
    ]);
  });

  it('names an adapter that imports its contract from the executor instead of lib/ports', () => {
    // Prepare: the edge issue 31 removed, planted beside the one it became
    const adapters: ImportGraph = new Map([
      ['lib/adapters/execution-log/dynamo-execution-log.ts', ['lib/executor/execution-log.ts']],
      ['lib/adapters/execution-log/other-log.ts', ['lib/ports/execution-log.ts']],
    ]);

    // Act
    const edges = importsBetween(adapters, ADAPTERS, GRAPHS_AND_ROUTES);

    // Assess
    expect(edges).toEqual([
      'lib/adapters/execution-log/dynamo-execution-log.ts -> lib/executor/execution-log.ts',
    ]);
  });
});
