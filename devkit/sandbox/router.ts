import type { SpecOperation } from './openapi-spec.ts';

/** A matched route: the operation and its path parameters (still URL-decoded strings). */
export interface RouteMatch {
  operation: SpecOperation;
  path: Record<string, string>;
}

interface Route {
  operation: SpecOperation;
  pattern: RegExp;
  names: string[];
  literals: number;
}

/**
 * Routes built from the spec's path templates, so the sandbox serves exactly the spec's operations.
 * A literal segment beats a parameter: GET /bookings/export is exportBookings, not getBooking("export").
 */
export class Router {
  private readonly routes: Route[];

  constructor(operations: SpecOperation[]) {
    this.routes = operations.map(toRoute).sort((a, b) => b.literals - a.literals);
  }

  /** The operation for method + path; `methodNotAllowed` when only the path exists. */
  match(method: string, pathname: string): RouteMatch | 'methodNotAllowed' | undefined {
    let pathExists = false;
    for (const route of this.routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      pathExists = true;
      if (route.operation.method !== method) continue;
      const path = Object.fromEntries(route.names.map((name, i) => [name, safeDecode(found[i + 1]!)]));
      return { operation: route.operation, path };
    }
    return pathExists ? 'methodNotAllowed' : undefined;
  }
}

function toRoute(operation: SpecOperation): Route {
  const names: string[] = [];
  const segments = operation.pathTemplate.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return {
    operation,
    pattern: new RegExp(`^/${source}/?$`),
    names,
    literals: segments.length - names.length,
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
