import { buildApp } from './build-app.ts';

// Entry point of `cdk synth|deploy` (cdk.json "app"). Context: docs/deploy.md.
buildApp().app.synth();
