import { loadDateCorpus } from './date-corpus.ts';
import { formatDatesReport } from './format-dates-report.ts';
import { scoreCorpusFile } from './score-dates.ts';

/** `--suite dates`: the blind date corpus scored through the resolver; `failed` when a phrase is silently wrong. */
export function runDatesSuite(json: boolean): { output: string; failed: boolean } {
  const files = loadDateCorpus().map(scoreCorpusFile);
  return {
    output: json ? JSON.stringify(files, null, 2) : formatDatesReport(files),
    failed: files.some((f) => f.wrong > 0),
  };
}
