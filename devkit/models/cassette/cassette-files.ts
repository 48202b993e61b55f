import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { conversationDirName } from '../server/conversation.ts';
import { Cassette } from './cassette.ts';

/** A cassette file that cannot be read or does not fit the format; names the file and every bad path. */
export class CassetteFileError extends Error {
  override readonly name = 'CassetteFileError';
}

const SUFFIX = '.cassette.json';

/** `<dir>/<conversation>.cassette.json` (Biome leaves *.cassette.json alone: they are recorded, not written). */
export function cassettePath(dir: string, conversation: string): string {
  return join(dir, `${conversationDirName(conversation)}${SUFFIX}`);
}

export function writeCassette(dir: string, conversation: string, cassette: Cassette): string {
  mkdirSync(dir, { recursive: true });
  const path = cassettePath(dir, conversation);
  writeFileSync(path, `${JSON.stringify(Cassette.parse(cassette), null, 2)}\n`);
  return path;
}

export function readCassette(path: string): Cassette {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CassetteFileError(`${path}: cannot read JSON`, { cause: error });
  }
  const parsed = Cassette.safeParse(json);
  if (!parsed.success)
    throw new CassetteFileError(`${path}: ${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  return parsed.data;
}

/** Every cassette of a directory, by conversation name (the file name without `.cassette.json`). */
export function readCassettes(dir: string): Map<string, Cassette> {
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(SUFFIX))
    .sort();
  return new Map(files.map((f) => [f.slice(0, -SUFFIX.length), readCassette(join(dir, f))]));
}
