import { benchLambdaBundles } from './lambda-bundles.ts';

// `npm run bench:lambdas`: only the Lambda bundle and import-ratio rows of `npm run bench` (no stack needed).
const USAGE = `Usage: npm run bench:lambdas [-- <runs>]
  runs  fresh processes per import measurement (default 10)`;
const [arg] = process.argv.slice(2);
if (arg === '--help' || arg === '-h') {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(arg ?? 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`runs must be a positive integer, got ${arg}\n${USAGE}`);
  process.exit(2);
}
const rows = await benchLambdaBundles(runs);
console.table(
  rows.map((r) => ({
    metric: r.metric,
    value: `${r.value} ${r.unit}`,
    goal: r.goal ?? '',
    met: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
    detail: r.ratio ?? '',
  })),
);
