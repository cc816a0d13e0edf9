import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

// The extraction dev set (see its README): html/<id>.html.gz (always UTF-8), ground-truth.json,
// and evaluate.mjs, whose scorer is used as is so figures match the dataset's own tool.

export interface GroundTruth {
  [id: string]: { articleBody: string; url: string | null };
}

export interface Page {
  id: string;
  html: string;
  /** The page's canonical URL when known, else a stable placeholder on a reserved domain. */
  url: string;
}

export interface Scores {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  worst: Array<{ id: string; f1: number; precision: number; recall: number; url: string | null }>;
}

export interface Scorer {
  evaluate(groundTruth: GroundTruth, predictions: Record<string, { articleBody: string }>): Scores;
  score(truth: string, predicted: string): { precision: number; recall: number; f1: number };
}

export interface Dataset {
  groundTruth: GroundTruth;
  pages: Page[];
  scorer: Scorer;
}

export async function loadDataset(dir: string): Promise<Dataset> {
  const truthFile = join(dir, 'ground-truth.json');
  if (!existsSync(truthFile)) throw new Error(`no ground-truth.json in ${dir}`);
  const groundTruth = JSON.parse(readFileSync(truthFile, 'utf8')) as GroundTruth;
  const scorer = (await import(pathToFileURL(join(dir, 'evaluate.mjs')).href)) as Scorer;
  const pages = Object.keys(groundTruth)
    .sort()
    .map((id) => ({
      id,
      html: gunzipSync(readFileSync(join(dir, 'html', `${id}.html.gz`))).toString('utf8'),
      url: groundTruth[id].url ?? `https://extraction-dev.invalid/${encodeURIComponent(id)}`,
    }));
  return { groundTruth, pages, scorer };
}
