import { type BuildAppOptions, buildApp } from 'fauxqs';

/** A running in-process SQS emulator, reachable on loopback only. */
export interface LocalSqs {
  /** http://127.0.0.1:<port>, for SQS_ENDPOINT (queue URLs themselves use sqs.<region>.localhost). */
  endpoint: string;
  stop(): Promise<void>;
}

/** Options of startLocalSqs. */
export interface LocalSqsOptions {
  /** Default 0: a free port. */
  port?: number;
  region: string;
  /**
   * A folder for fauxqs' SQLite file: queues and messages (ready, delayed and in flight, with their visibility
   * deadlines) are written through on every change and come back on the next start. Default: memory only.
   */
  dataDir?: string;
}

type Stores = NonNullable<BuildAppOptions['stores']>;
type Persistence = NonNullable<Stores['sqsStore']['persistence']>;

/**
 * Starts fauxqs in-process on 127.0.0.1; port 0 picks a free one. fauxqs' own startFauxqs binds 0.0.0.0
 * whatever host it is given (docs/design-facts.md "Local emulators"), which would expose in-flight messages, and the user
 * tokens inside them, to other hosts. So we build its Fastify app and listen ourselves. `host` only names queue
 * URLs.
 */
export async function startLocalSqs(options: LocalSqsOptions): Promise<LocalSqs> {
  const persistent = options.dataDir ? await persistentStores(options.dataDir) : undefined;
  const app = buildApp({
    logger: false,
    host: 'localhost',
    defaultRegion: options.region,
    ...(persistent ? { stores: persistent.stores } : {}),
  });
  if (persistent) app.addHook('preClose', persistent.close);
  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return { endpoint: `http://127.0.0.1:${new URL(address).port}`, stop: () => app.close() };
}

/**
 * The stores startFauxqs builds for its `dataDir` option, wired the same way (fauxqs 2.4.1 dist/app.js): load the
 * SQLite state first, then attach the write-through persistence to the stores and to every loaded queue. fauxqs
 * exports only buildApp and startFauxqs, so its store and persistence modules are imported by file URL; the
 * version is pinned exactly, and test/local/durable-emulators.int.test.ts fails if this wiring stops working.
 */
async function persistentStores(dataDir: string): Promise<{ stores: Stores; close: () => void }> {
  const dist = new URL('.', import.meta.resolve('fauxqs'));
  const load = (file: string) => import(new URL(file, dist).href);
  const [sqs, sns, s3, persistence] = await Promise.all([
    load('sqs/sqsStore.js'),
    load('sns/snsStore.js'),
    load('s3/s3Store.js'),
    load('persistence.js'),
  ]);
  const stores: Stores = {
    sqsStore: new sqs.SqsStore(),
    snsStore: new sns.SnsStore(),
    s3Store: new s3.S3Store(),
  };
  const manager: Persistence = new persistence.PersistenceManager(dataDir);
  manager.loadSqsAndSns(stores.sqsStore, stores.snsStore);
  stores.sqsStore.persistence = manager;
  stores.snsStore.persistence = manager;
  for (const queue of stores.sqsStore.allQueues()) queue.persistence = manager;
  return { stores, close: () => manager.close() };
}
