import { benchLambdaBundles } from './lambda-bundles.ts';

// `npm run bench:lambdas`: only the Lambda bundle and import-ratio rows of `npm run bench` (no stack needed).
const rows = await benchLambdaBundles(Number(process.argv[2] ?? 10));
console.table(
  rows.map((r) => ({
    metric: r.metric,
    value: `${r.value} ${r.unit}`,
    goal: r.goal ?? '',
    met: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
    detail: r.ratio ?? '',
  })),
);
