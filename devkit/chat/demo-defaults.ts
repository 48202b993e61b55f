/**
 * Defaults that make `npm run chat` work against `npm start` with no flags. They match the sandbox's demo
 * fixture (devkit/sandbox/fixtures/demo-venue.json) and the local gateway's default port.
 */
export const LOCAL_GATEWAY_URL = 'http://127.0.0.1:3000';
/** The demo venue's everyday operator: the same user and token as the README, the npm start banner and docs/sandbox.md. */
export const DEMO_USER = 'user_ops_harbour';
export const DEMO_TOKEN = 'demo-token-harbour';
