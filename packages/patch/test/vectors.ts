// The test vectors of other projects, read at test time from `../shared/vectors/` beside the
// repository (see that folder's README); never copied into this repository.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';

/** `<repository root>/../shared/vectors/`. */
export const vectorsDir = fileURLToPath(new URL('../../../../shared/vectors/', import.meta.url));

/** The text of a vector file, or undefined (with a skipped test saying so) when the folder is absent. */
export function readVectorFile(relative: string): string | undefined {
  const path = `${vectorsDir}${relative}`;
  if (existsSync(path)) return readFileSync(path, 'utf8');
  const message = `shared vectors not found at ${path}: skipped`;
  process.stderr.write(`@kapi/patch: ${message}\n`);
  it.skip(message, () => {});
  return undefined;
}
