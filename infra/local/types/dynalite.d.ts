// dynalite ships no types; this is the part of its API the local stack uses (node_modules/dynalite/index.js).
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** Milliseconds a table stays CREATING (default 500); the local stack uses 0. */
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    /** LevelDB directory; in-memory when absent. */
    path?: string;
  }

  export default function dynalite(options?: DynaliteOptions): Server;
}
