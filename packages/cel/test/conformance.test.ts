// Runs the CEL conformance suite shipped by @bufbuild/cel-spec (cel-spec v0.25.1 `tests/simple/testdata`) against
// the engine with Kubernetes' base environment, for the files kube's libraries rely on.
import { describe, expect, it } from 'vitest';
import { getConformanceSuite } from '@bufbuild/cel-spec/testdata/tests.js';
import { runOne } from './conformance-runner.ts';
import { conformanceFiles, knownFailures } from './fixtures/conformance-expectations.ts';

const suite = getConformanceSuite();
for (const file of suite.suites.filter((f) => conformanceFiles.includes(f.name))) {
  describe(`conformance ${file.name}`, () => {
    for (const section of file.suites) {
      for (const t of section.tests) {
        const id = `${file.name}/${section.name}/${t.name}`;
        const known = knownFailures.has(id);
        const result = runOne(t);
        if (result.startsWith('skip')) {
          it.skip(`${section.name}/${t.name} (${result})`, () => {});
          continue;
        }
        it(`${section.name}/${t.name}${known ? ' (known failure)' : ''}`, () => {
          if (known) expect(result.startsWith('pass'), `${id} now passes; remove it from knownFailures`).toBe(false);
          else expect(result, `${id}: ${t.original.expr}`).toBe('pass');
        });
      }
    }
  });
}
