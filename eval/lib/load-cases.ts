import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type * as z from 'zod';
import { EvalCase } from './case-schema.ts';

/** eval/cases/, one YAML file per case. */
export const casesDir = fileURLToPath(new URL('../cases/', import.meta.url));

/** A case file that cannot be read or does not fit the case format; names the file and every bad path. */
export class CaseFileError extends Error {
  override readonly name = 'CaseFileError';
}

/** Reads one YAML file and validates it; a CaseFileError names the file and every bad path. */
export function readYamlFile<T>(path: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CaseFileError(`${path}: cannot read YAML`, { cause: error });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new CaseFileError(`${path}: ${problems.join('; ')}`, { cause: parsed.error });
  }
  return parsed.data;
}

/** Reads and validates one case file; its id must equal its file name (without .yaml). */
export function loadCaseFile(path: string): EvalCase {
  const evalCase = readYamlFile(path, EvalCase);
  const expected = basename(path).replace(/\.ya?ml$/, '');
  if (evalCase.id !== expected) {
    throw new CaseFileError(`${path}: id '${evalCase.id}' must equal the file name '${expected}'`);
  }
  return evalCase;
}

/** Every case of a directory, sorted by id. */
export function loadCases(dir: string = casesDir): EvalCase[] {
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  return files.map((f) => loadCaseFile(join(dir, f)));
}
