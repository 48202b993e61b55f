import { randomUUID } from 'node:crypto';
import { runChat } from '../../devkit/chat/chat-loop.ts';
import { DEMO_TOKEN, DEMO_USER, LOCAL_GATEWAY_URL } from '../../devkit/chat/demo-defaults.ts';
import { ServiceClient } from '../../devkit/chat/service-client.ts';
import { terminalIO } from '../../devkit/chat/terminal-io.ts';
import { parseCliOrExit } from '../../devkit/cli/parse-cli.ts';

// `npm run chat`: a terminal client acting as IQ against the local stack (default) or a deployed URL.
const USAGE = `Usage: npm run chat [-- --url <gateway>] [--user <user_id>] [--token <X-User-Token>] [--session <id>] [--poll-ms <n>]
  --url      the service (default ${LOCAL_GATEWAY_URL}, the local stack)
  --user     the user_id sent with each call (default ${DEMO_USER})
  --token    the X-User-Token (default ${DEMO_TOKEN})
  --session  the session_id (default: a new one)
  --poll-ms  how often an executing plan is polled (default 500)`;

const { values } = parseCliOrExit(USAGE, {
  url: { type: 'string', default: LOCAL_GATEWAY_URL },
  user: { type: 'string', default: DEMO_USER },
  token: { type: 'string', default: DEMO_TOKEN },
  session: { type: 'string', default: randomUUID() },
  'poll-ms': { type: 'string', default: '500' },
});

const io = terminalIO();
// Ctrl-C while a plan runs (the terminal is in cooked mode then): stop watching, say what happens to the plan.
process.once('SIGINT', () => {
  io.write('\nStopped watching. A confirmed plan keeps running on the service.');
  process.exit(130);
});
const client = new ServiceClient({ baseUrl: values.url, userId: values.user, token: values.token });
await runChat(client, io, {
  sessionId: values.session,
  pollIntervalMs: Number(values['poll-ms']),
  watchTimeoutMs: 120_000,
});
io.close();
