import * as z from 'zod';

/**
 * A schema built on its first use instead of at import (issue 32 cold start).
 *
 * zod 4 classic gives every instance its methods when it is built (about 0.1 ms each), and the stored-plan and
 * compiled-registry contracts are some 170 instances: built at module scope, every handler that imports them pays
 * for them while its chunk is imported, whether or not its first request parses a plan. Wrapped here, the one
 * declaration stays the source (types, `.shape`, `.extend`, `instanceof` and nesting in other schemas work as
 * before) and is built once, by whatever touches it first. A request that does parse a plan still builds the
 * schemas it uses, on that parse; what no path touches is never built.
 *
 * The proxy forwards every read to the built schema; zod's methods are closures over their instance, so `this`
 * does not matter. Its target is a plain extensible object, so the proxy invariants hold for any descriptor the
 * schema reports once that descriptor is marked configurable. zod keeps `.describe()`/`.meta()` in a registry
 * keyed by the instance, so the built schema's entry is also filed under the proxy: `z.toJSONSchema` of a schema
 * that nests this one finds it.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    if (built === undefined) {
      built = build();
      const meta = z.globalRegistry.get(built);
      if (meta !== undefined) z.globalRegistry.add(proxy, meta);
    }
    return built;
  };
  const proxy: T = new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
  });
  return proxy;
}
