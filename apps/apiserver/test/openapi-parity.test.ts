// kapi's OpenAPI v3 documents against the ones kube-apiserver 1.33 publishes (kubernetes/kubernetes
// api/openapi-spec/v3/<api__v1|apis__<group>__<version>>_openapi.json on release-1.33): for every
// GA group version kapi serves, at least 99% of the leaves of both documents (schema fields,
// descriptions, defaults, extensions; operation ids, parameters, responses, media types) are
// identical. The test prints what still differs. kube's files are read from
// ../shared/vectors/kubernetes-openapi-spec/v3 (or KAPI_KUBE_OPENAPI_DIR); without them it is skipped
// visibly.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { compareDocuments, parityRatio, summarize } from './openapi-parity.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.env.KAPI_KUBE_OPENAPI_DIR ?? resolve(here, '../../../../shared/vectors/kubernetes-openapi-spec/v3');
const have = existsSync(dir);
if (!have) console.warn(`skipped: kube-apiserver 1.33's OpenAPI v3 documents are not at ${dir}`);

const fileOf = (gv: string) => join(dir, `${gv.replace(/\//g, '__')}_openapi.json`);

describe.skipIf(!have)('OpenAPI v3 parity with kube-apiserver 1.33', () => {
  let server: TestServer;
  let gvs: string[] = [];
  let served: string[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    const index = (await (await fetch(`${server.url}/openapi/v3`)).json()) as { paths: Record<string, unknown> };
    served = Object.keys(index.paths);
    gvs = served.filter((gv) => /\/v\d+$/.test(gv) && existsSync(fileOf(gv)));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves every GA group version kube publishes', () => {
    const ga = readdirSync(dir)
      .filter((f) => /__v\d+_openapi\.json$/.test(f))
      .map((f) => f.replace(/_openapi\.json$/, '').replace(/__/g, '/'));
    expect(ga.filter((gv) => !served.includes(gv))).toEqual([]);
  });

  it('every GA group version is ≥ 99% identical', async () => {
    const lines: string[] = [];
    const below: string[] = [];
    let same = 0;
    let all = 0;
    for (const gv of gvs) {
      const kube = JSON.parse(readFileSync(fileOf(gv), 'utf8')) as unknown;
      const kapi = (await (await fetch(`${server.url}/openapi/v3/${gv}`)).json()) as unknown;
      const r = compareDocuments(kube, kapi);
      const ratio = parityRatio(r);
      same += r.same;
      all += r.total + r.extra.length;
      lines.push(`${gv}: ${(ratio * 100).toFixed(2)}% (${r.same} of ${r.total + r.extra.length} leaves; ${r.differ.length} differ, ${r.missing.length} missing, ${r.extra.length} extra)`);
      for (const l of summarize([...r.differ.map((d) => d[0]), ...r.missing, ...r.extra], 4, 5)) lines.push(`    ${l}`);
      if (ratio < 0.99) below.push(gv);
    }
    console.info(`OpenAPI v3 parity: ${((same / Math.max(all, 1)) * 100).toFixed(2)}% overall\n${lines.join('\n')}`);
    expect(gvs.length).toBeGreaterThan(0);
    expect(below).toEqual([]);
  });
});
