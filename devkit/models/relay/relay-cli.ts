/**
 * `npm run relay -- status | next`: the relay's progress for whoever plays the model (docs/models.md "Relay").
 * CLI entry point: it reads RELAY_DIR from the environment through loadConfig.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../../lib/config/config.ts';
import { formatStatus, relayRequests } from './relay-status.ts';

const USAGE = `usage: npm run relay -- status | next

  status   every conversation under RELAY_DIR: requests, answers, what is waiting
  next     the oldest request waiting for an answer: where to write it, then the request itself`;

function main(command: string | undefined): number {
  if (command !== 'status' && command !== 'next') return usage(command);
  const dir = resolve(loadConfig(process.env).RELAY_DIR);
  const requests = relayRequests(dir);
  if (command === 'status') {
    process.stdout.write(`${formatStatus(dir, requests, Date.now())}\n`);
    return 0;
  }
  const next = requests.filter((r) => r.state === 'waiting').sort((a, b) => a.writtenAt - b.writtenAt)[0];
  if (!next) {
    process.stdout.write(`nothing is waiting for an answer under ${dir}\n`);
    return 0;
  }
  const rejected =
    next.rejected > 0 ? ` (${next.rejected} earlier answers rejected: see the .error.txt)` : '';
  process.stdout.write(
    `Write the answer to: ${next.answerPath}${rejected}\n\n${readFileSync(next.markdown, 'utf8')}\n`,
  );
  return 0;
}

/** The usage: on stdout with exit 0 when asked for (--help, help, nothing), else on stderr with exit 2. */
function usage(command: string | undefined): number {
  const help = command === undefined || command === 'help' || command === '--help' || command === '-h';
  (help ? process.stdout : process.stderr).write(`${USAGE}\n`);
  return help ? 0 : 2;
}

process.exitCode = main(process.argv[2]);
