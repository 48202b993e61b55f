import { loadDateCorpus } from './date-corpus.ts';
import { type FileScore, scoreCorpusFile } from './score-dates.ts';

/** `--suite dates`: the blind date corpus scored through the resolver; `failed` when a phrase is silently wrong. */
export function runDatesSuite(): { files: FileScore[]; failed: boolean } {
  const files = loadDateCorpus().map(scoreCorpusFile);
  return { files, failed: files.some((f) => f.wrong > 0) };
}
