// Writes openapi-descriptions.ts: the description of every type and field of the GA group-versions
// as kube-apiserver publishes them in its OpenAPI, read from the API sources kube generates them
// from. Run with the source folders (k8s.io/api, k8s.io/apimachinery, k8s.io/apiextensions-apiserver,
// k8s.io/kube-aggregator at the v0.33 tags):
//   node --import tsx packages/api/src/generated/generate-descriptions.ts <api> <apimachinery> <apiextensions-apiserver> <kube-aggregator>
// k8s.io/api and apimachinery's meta/v1 ship the descriptions as types_swagger_doc_generated.go
// maps; the other two are read from the doc comments of types.go, formatted as kube's generators
// format them (fmtRawDoc: lines joined, blank lines kept as paragraphs, `+` markers, TODOs and
// everything after `---` dropped, indented lines kept on their own lines).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descriptionsModule } from './descriptions-module.ts';

type Table = Record<string, Record<string, string>>;

/** Reads a Go interpreted string literal (the generated maps use strconv.Quote-style escapes). */
function goString(lit: string): string {
  return lit.slice(1, -1).replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\\"'nrtabfv])/g, (_, e: string) => {
    if (e[0] === 'u' || e[0] === 'x') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', '"': '"', "'": "'" } as Record<string, string>)[e]!;
  });
}

/** The `var map_X = map[string]string{...}` tables of a types_swagger_doc_generated.go. */
function swaggerDocMaps(text: string, idPrefix: string, out: Table): void {
  const re = /var map_(\w+) = map\[string\]string\{\n([\s\S]*?)\n\}/g;
  for (const m of text.matchAll(re)) {
    const entry: Record<string, string> = {};
    for (const line of m[2]!.split('\n')) {
      const kv = /^\s*("(?:[^"\\]|\\.)*"):\s*("(?:[^"\\]|\\.)*"),\s*$/.exec(line);
      if (kv) entry[goString(kv[1]!)] = goString(kv[2]!);
    }
    out[`${idPrefix}.${m[1]}`] = entry;
  }
}

/** kube's fmtRawDoc (k8s.io/apimachinery/pkg/runtime/swagger_doc_generator.go), without the escaping. */
function fmtRawDoc(raw: string): string {
  let buf = '';
  const delPrev = () => {
    if (buf.length > 0) buf = buf.slice(0, -1);
  };
  for (let line of raw.split('---')[0]!.split('\n')) {
    line = line.replace(/ +$/, '');
    const leading = line.replace(/^ +/, '');
    if (line.length === 0) {
      delPrev();
      buf += '\n\n';
    } else if (leading.startsWith('TODO') || leading.startsWith('+')) {
      // dropped
    } else if (line.startsWith(' ') || line.startsWith('\t')) {
      delPrev();
      buf += `\n${line}\n`;
    } else {
      buf += `${line} `;
    }
  }
  return buf.replace(/\n+$/, '').replace(/ $/, '');
}

/** The doc comments of the structs of a types.go and of their fields, keyed by json name. */
function typesGoDocs(text: string, idPrefix: string, out: Table): void {
  const lines = text.split('\n');
  let comment: string[] = [];
  let current: Record<string, string> | undefined;
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith('//')) {
      comment.push(t.replace(/^\/\/ ?/, ''));
      continue;
    }
    const typeDecl = /^type (\w+) (?:struct ?\{|int|string)/.exec(line);
    if (typeDecl) {
      current = { '': fmtRawDoc(comment.join('\n')) };
      out[`${idPrefix}.${typeDecl[1]}`] = current;
    } else if (current && (/^\}/.test(line) || (line !== '' && !line.startsWith('\t')))) {
      current = undefined;
    } else if (current && t !== '') {
      const tag = /json:"([^",]*)/.exec(line);
      if (tag && tag[1] !== '' && tag[1] !== '-' && !/,inline/.test(line)) {
        const doc = fmtRawDoc(comment.join('\n'));
        if (doc !== '') current[tag[1]!] = doc;
      }
    }
    comment = [];
  }
}

/**
 * The structs a types.go embeds inline (`ProbeHandler \`json:",inline"\``, `metav1.TypeMeta`), as
 * OpenAPI ids: their fields are the embedding struct's.
 */
function inlineEmbeds(text: string, idPrefix: string, out: Record<string, string[]>): void {
  let current: string | undefined;
  for (const line of text.split('\n')) {
    const decl = /^type (\w+) struct \{/.exec(line);
    if (decl) current = `${idPrefix}.${decl[1]}`;
    else if (/^\}/.test(line)) current = undefined;
    else if (current) {
      const m = /^\t(?:(\w+)\.)?(\w+)\s+`[^`]*json:",inline"/.exec(line);
      if (!m) continue;
      const id = m[1] === 'metav1' ? `io.k8s.apimachinery.pkg.apis.meta.v1.${m[2]}` : m[1] ? undefined : `${idPrefix}.${m[2]}`;
      if (id) (out[current] ??= []).push(id);
    }
  }
}

const [api, apimachinery, apiextensions, aggregator] = process.argv.slice(2);
if (!api || !apimachinery || !apiextensions || !aggregator) {
  process.stderr.write('usage: generate-descriptions.ts <k8s.io/api> <apimachinery> <apiextensions-apiserver> <kube-aggregator>\n');
  process.exit(2);
}

const table: Table = {};
const embeds: Record<string, string[]> = {};
for (const group of readdirSync(api).sort()) {
  for (const version of ['v1', 'v2']) {
    const file = join(api, group, version, 'types_swagger_doc_generated.go');
    if (!existsSync(file)) continue;
    swaggerDocMaps(readFileSync(file, 'utf8'), `io.k8s.api.${group}.${version}`, table);
    for (const f of readdirSync(join(api, group, version)).filter((n) => /^types.*\.go$/.test(n) && !n.includes('swagger'))) {
      inlineEmbeds(readFileSync(join(api, group, version, f), 'utf8'), `io.k8s.api.${group}.${version}`, embeds);
    }
  }
}
swaggerDocMaps(readFileSync(join(apimachinery, 'pkg/apis/meta/v1/types_swagger_doc_generated.go'), 'utf8'), 'io.k8s.apimachinery.pkg.apis.meta.v1', table);
typesGoDocs(readFileSync(join(apiextensions, 'pkg/apis/apiextensions/v1/types.go'), 'utf8'), 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1', table);
typesGoDocs(readFileSync(join(apiextensions, 'pkg/apis/apiextensions/v1/types_jsonschema.go'), 'utf8'), 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1', table);
typesGoDocs(readFileSync(join(aggregator, 'pkg/apis/apiregistration/v1/types.go'), 'utf8'), 'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1', table);

// apimachinery's types outside the swagger maps (Quantity, Time, IntOrString, RawExtension, WatchEvent), and meta/v1's embeddings.
const fromComments: [string, string][] = [
  ['pkg/api/resource/quantity.go', 'io.k8s.apimachinery.pkg.api.resource'],
  ['pkg/apis/meta/v1/time.go', 'io.k8s.apimachinery.pkg.apis.meta.v1'],
  ['pkg/apis/meta/v1/micro_time.go', 'io.k8s.apimachinery.pkg.apis.meta.v1'],
  ['pkg/apis/meta/v1/watch.go', 'io.k8s.apimachinery.pkg.apis.meta.v1'],
  ['pkg/util/intstr/intstr.go', 'io.k8s.apimachinery.pkg.util.intstr'],
  ['pkg/runtime/types.go', 'io.k8s.apimachinery.pkg.runtime'],
];
for (const [file, prefix] of fromComments) {
  const found: Table = {};
  typesGoDocs(readFileSync(join(apimachinery, file), 'utf8'), prefix, found);
  for (const [id, entry] of Object.entries(found)) if (!table[id]) table[id] = entry;
}
inlineEmbeds(readFileSync(join(apimachinery, 'pkg/apis/meta/v1/types.go'), 'utf8'), 'io.k8s.apimachinery.pkg.apis.meta.v1', embeds);
for (const f of ['types.go', 'types_jsonschema.go']) inlineEmbeds(readFileSync(join(apiextensions, 'pkg/apis/apiextensions/v1', f), 'utf8'), 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1', embeds);
inlineEmbeds(readFileSync(join(aggregator, 'pkg/apis/apiregistration/v1/types.go'), 'utf8'), 'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1', embeds);
// An embedded struct's field descriptions are the embedding struct's (kube's OpenAPI flattens them).
const withEmbedded = (id: string, seen = new Set<string>()): Record<string, string> => {
  const own = { ...(table[id] ?? {}) };
  for (const e of embeds[id] ?? []) {
    if (seen.has(e)) continue;
    seen.add(e);
    for (const [k, v] of Object.entries(withEmbedded(e, seen))) if (k !== '' && own[k] === undefined) own[k] = v;
  }
  return own;
};
for (const id of Object.keys(table)) table[id] = withEmbedded(id);

const out = join(dirname(fileURLToPath(import.meta.url)), 'openapi-descriptions.ts');
writeFileSync(out, descriptionsModule(table));
process.stdout.write(`${Object.keys(table).length} types written to ${out}\n`);
