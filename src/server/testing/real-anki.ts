import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real Anki packages of `shared/data/anki/` (README there), beside the checkout in CI and
 * here: read from where they are, never copied into the project.
 */
export const REAL_ANKI_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/data/anki',
);

/** A real package's bytes, e.g. `realAnkiPackage('real/srs-benchmark.apkg')`. */
export function realAnkiPackage(name: string): Promise<Buffer> {
  return readFile(path.join(REAL_ANKI_DIR, name));
}
