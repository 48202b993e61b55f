/**
 * `npm start`: the whole service on this machine (issue 4 "Local stack"). CLI entry point, so it is allowed to
 * read process.env, which it hands to loadConfig through startLocalStack. PORT picks the gateway port (default
 * 3000; 0 = any free port). Ctrl-C / SIGTERM stop everything cleanly.
 */
import { demoFixturePath, readFixtureFile } from '../../lib/sandbox/load-fixture.ts';
import { startLocalStack } from './local-stack.ts';

const port = Number(process.env.PORT ?? 3000);
const stack = await startLocalStack({
  port: Number.isInteger(port) && port >= 0 ? port : 3000,
  env: process.env,
  logLevel: process.env.LOG_LEVEL === undefined ? 'INFO' : loadLevel(process.env.LOG_LEVEL),
});

const tokens = readFixtureFile(demoFixturePath).tokens.filter(
  (t) => t.expiresAt === undefined && !t.rateLimit,
);
const demo = tokens[0];
const lines = [
  `Booking Update Service listening on ${stack.url}`,
  `  model:           ${stack.config.LLM_PROVIDER}${stack.config.LLM_PROVIDER === 'offline' ? ' (no GOOGLE_API_KEY set)' : ''}`,
  `  booking API:     ${stack.sandbox.url} (sandbox, demo venue)`,
  `  demo tokens:     ${tokens.map((t) => `${t.token} (${t.userId}, ${t.venueId})`).join('; ')}`,
  '',
  'Try:',
  `  curl -s -X POST ${stack.url}/v1/requests -H 'content-type: application/json' \\`,
  `    -H 'X-User-Token: ${demo?.token ?? 'demo-token'}' \\`,
  `    -d '{"session_id":"demo-1","user_id":"${demo?.userId ?? 'user'}","message":"Move John Smith to Saturday at 3pm"}'`,
  '  then POST /v1/plans/{plan_id}/confirm {"user_id":…} and poll GET /v1/plans/{plan_id}?user_id=…',
  '',
  'Ctrl-C to stop.',
];
process.stdout.write(`${lines.join('\n')}\n`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the local stack…\n`);
  await stack.stop();
  process.stdout.write('stopped.\n');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

function loadLevel(value: string): 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' {
  const levels = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'] as const;
  return levels.find((l) => l === value.toUpperCase()) ?? 'INFO';
}
