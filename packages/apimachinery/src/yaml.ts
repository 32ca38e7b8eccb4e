// Behaviour of sigs.k8s.io/yaml yaml.go (YAMLToJSON, YAMLToJSONStrict, JSONToYAML over go-yaml v2)
// and k8s.io/apimachinery/pkg/util/yaml/decoder.go (multi-document streams, YAMLOrJSONDecoder): the
// YAML codec.
import type { KubeObject } from './meta.ts';
import { newBadRequest } from './errors.ts';
import { decodeJsonObject, type Codec } from './json.ts';
import { composeFirstDocument } from './internal/yaml-compose.ts';
import { decodeComposed } from './internal/yaml-decode.ts';
import { emitYaml } from './internal/yaml-emit.ts';

/** How YAML is decoded. */
export interface YamlDecodeOptions {
  /**
   * Report duplicate keys in a mapping, as go-yaml's UnmarshalStrict does (sigs.k8s.io/yaml
   * YAMLToJSONStrict): `yaml: unmarshal errors:\n  line 3: key "a" already set in map`. Without it
   * the last value of a duplicated key wins.
   */
  readonly strict?: boolean;
}

const encoder = new TextEncoder();

// libyaml's reader (readerc.go): what it says about bytes that are not UTF-8.
function utf8Problem(b: Uint8Array): string {
  for (let i = 0; i < b.length; ) {
    const o = b[i]!;
    const w = o < 0x80 ? 1 : (o & 0xe0) === 0xc0 ? 2 : (o & 0xf0) === 0xe0 ? 3 : (o & 0xf8) === 0xf0 ? 4 : 0;
    if (w === 0) return 'invalid leading UTF-8 octet';
    if (i + w > b.length) return 'incomplete UTF-8 octet sequence';
    let v = w === 1 ? o : w === 2 ? o & 0x1f : w === 3 ? o & 0x0f : o & 0x07;
    for (let k = 1; k < w; k++) {
      const t = b[i + k]!;
      if ((t & 0xc0) !== 0x80) return 'invalid trailing UTF-8 octet';
      v = (v << 6) | (t & 0x3f);
    }
    if (!(w === 1 || (w === 2 && v >= 0x80) || (w === 3 && v >= 0x800) || (w === 4 && v >= 0x10000))) return 'invalid length of a UTF-8 sequence';
    if ((v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff) return 'invalid Unicode character';
    i += w;
  }
  return 'invalid leading UTF-8 octet';
}

/** Bytes to text as libyaml reads them: UTF-16 by its byte-order mark, otherwise strict UTF-8. */
function textOf(data: string | Uint8Array): string {
  if (typeof data === 'string') return data;
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw newBadRequest(`yaml: ${utf8Problem(data)}`);
  }
}

function asBadRequest(err: unknown, prefix = ''): never {
  if (err instanceof Error && !('status' in err)) throw newBadRequest(`${prefix}${err.message}`);
  throw err;
}

/**
 * sigs.k8s.io/yaml YAMLToJSON (YAMLToJSONStrict with `strict`): the first YAML document of `data`
 * as a JSON value — YAML 1.1 scalars (`yes`/`off` booleans, `0777` octal, `~`), `<<` merges and
 * aliases expanded, int/float/bool keys as strings, object keys in Go's JSON order; null for an
 * empty stream. Syntax errors, nesting deeper than 10000, excessive aliasing, NaN/Inf values and
 * non-string keys that JSON cannot hold are 400 BadRequest with upstream's message.
 */
export function yamlToJson(data: string | Uint8Array, options: YamlDecodeOptions = {}): unknown {
  const text = textOf(data);
  try {
    return decodeComposed(composeFirstDocument(text), options.strict ?? false);
  } catch (err) {
    return asBadRequest(err);
  }
}

/**
 * Decodes a YAML request body to one object, as kube's YAML serializer does (YAMLToJSON, then the
 * JSON decoder's type sniffing): anything but a mapping is the 400 that {@link decodeJsonObject} gives.
 */
export function decodeYamlObject(data: string | Uint8Array, options: YamlDecodeOptions = {}): KubeObject {
  const value = yamlToJson(data, options);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as KubeObject;
  return decodeJsonObject(JSON.stringify(value));
}

// unicode.IsSpace.
const goSpace = /[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/;

function goTrimSpace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && goSpace.test(s[a]!)) a++;
  while (b > a && goSpace.test(s[b - 1]!)) b--;
  return s.slice(a, b);
}

/**
 * Splits a YAML stream into documents as apimachinery's YAMLReader does: line by line, at lines
 * that start with `---` (only a comment may follow it on the line, else
 * `invalid Yaml document separator`), with CRLF read as LF; empty documents are dropped.
 */
export function splitYamlDocuments(data: string | Uint8Array): string[] {
  return [...yamlChunks(textOf(data))];
}

function* yamlChunks(text: string): Generator<string> {
  let buf = '';
  let pos = 0;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    let line = nl < 0 ? text.slice(pos) : text.slice(pos, nl);
    if (nl >= 0 && line.endsWith('\r')) line = line.slice(0, -1);
    pos = nl < 0 ? text.length : nl + 1;
    if (line.startsWith('---')) {
      const trimmed = goTrimSpace(line.slice(3));
      if (trimmed.length > 0 && trimmed[0] !== '#') throw newBadRequest(`invalid Yaml document separator: ${trimmed}`);
      if (buf !== '') yield buf;
      buf = '';
      continue;
    }
    buf += `${line}\n`;
  }
  if (buf !== '') yield buf;
}

function decodeChunks(chunks: Iterable<string>, options: YamlDecodeOptions, out: unknown[]): void {
  for (const chunk of chunks) {
    let value: unknown;
    try {
      value = decodeComposed(composeFirstDocument(chunk), options.strict ?? false);
    } catch (err) {
      asBadRequest(err, 'error converting YAML to JSON: ');
    }
    if (value !== null) out.push(value);
  }
}

/**
 * The documents of a YAML stream, as apimachinery's YAMLToJSONDecoder reads them: split at `---`
 * lines, each converted by YAMLToJSON; documents that are empty or null are skipped, as kubectl's
 * stream visitor skips them. A failing document is a 400 (`error converting YAML to JSON: …`).
 */
export function decodeYamlDocuments(data: string | Uint8Array, options: YamlDecodeOptions = {}): unknown[] {
  const out: unknown[] = [];
  decodeChunks(yamlChunks(textOf(data)), options, out);
  return out;
}

/** apimachinery's IsJSONBuffer: the first non-space character is `{`. */
export function isJsonBuffer(data: string | Uint8Array): boolean {
  const text = typeof data === 'string' ? data : new TextDecoder().decode(data.subarray(0, 4096));
  for (const ch of text) {
    if (goSpace.test(ch)) continue;
    return ch === '{';
  }
  return false;
}

type JsonStep = { kind: 'eof' } | { kind: 'ok'; value: unknown; end: number } | { kind: 'error'; offset: number; message: string };

/** One value of a JSON stream from `pos`, as encoding/json's Decoder reads it. */
function nextJsonValue(text: string, pos: number): JsonStep {
  let i = pos;
  while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  if (i >= text.length) return { kind: 'eof' };
  const start = i;
  const c = text[i]!;
  if (c === '{' || c === '[') {
    let depth = 0;
    for (; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '"') {
        for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      } else if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        if (--depth === 0) break;
      }
    }
    if (i >= text.length) return { kind: 'error', offset: -1, message: 'unexpected EOF' };
    i++;
  } else if (c === '"') {
    for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    if (i >= text.length) return { kind: 'error', offset: -1, message: 'unexpected EOF' };
    i++;
  } else if ('-0123456789tfn'.includes(c)) {
    while (i < text.length && /[-+.0-9a-zA-Z]/.test(text[i]!)) i++;
  } else {
    return { kind: 'error', offset: start + 1, message: `invalid character '${c}' looking for beginning of value` };
  }
  try {
    return { kind: 'ok', value: JSON.parse(text.slice(start, i)), end: i };
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    return { kind: 'error', offset: start + (at ? Number(at[1]) + 1 : i - start), message };
  }
}

/**
 * The documents of a stream that is JSON or YAML, as apimachinery's YAMLOrJSONDecoder reads it: a
 * stream whose first non-space character is `{` is read as concatenated JSON values; when the first
 * or second of them fails, the rest (after whitespace up to a newline) is read as YAML, and if that
 * fails too the JSON error is reported. Null documents are skipped.
 */
export function decodeYamlOrJsonDocuments(data: string | Uint8Array, options: YamlDecodeOptions = {}): unknown[] {
  const text = textOf(data);
  const out: unknown[] = [];
  if (!isJsonBuffer(text)) {
    decodeChunks(yamlChunks(text), options, out);
    return out;
  }
  let pos = 0;
  let count = 0;
  for (;;) {
    const step = nextJsonValue(text, pos);
    if (step.kind === 'eof') return out;
    if (step.kind === 'ok') {
      count++;
      if (step.value !== null) out.push(step.value);
      pos = step.end;
      continue;
    }
    // A syntax error reads `json: offset N: …` (JSONSyntaxError); past two values it is the bare error.
    if (count > 1) throw newBadRequest(step.message);
    const firstErr = step.offset < 0 ? step.message : `json: offset ${step.offset}: ${step.message}`;
    // Fall back to YAML from the end of the last JSON value, after whitespace up to a newline.
    let rest = pos;
    while (rest < text.length && goSpace.test(text[rest]!)) {
      if (text[rest++] === '\n') break;
    }
    const chunks = yamlChunks(text.slice(rest));
    try {
      const first = chunks.next();
      if (!first.done) decodeChunks([first.value], options, out);
    } catch {
      throw newBadRequest(firstErr);
    }
    decodeChunks({ [Symbol.iterator]: () => chunks }, options, out);
    return out;
  }
}

/**
 * sigs.k8s.io/yaml Marshal: the value as JSON, then as go-yaml v2 prints it — block style, map keys
 * sorted as go-yaml sorts them (digit runs by value), strings quoted only when they would read back
 * as something else, multi-line strings as literal blocks, long lines folded at 80 columns.
 */
export function encodeYaml(obj: unknown): string {
  const json = JSON.stringify(obj);
  return emitYaml(json === undefined ? null : JSON.parse(json));
}

/** The YAML codec: objects in, `application/yaml` bytes out, as kube-apiserver writes YAML. */
export const yamlCodec: Codec = {
  contentType: 'application/yaml',
  encode: (obj) => encoder.encode(encodeYaml(obj)),
  decode: (data) => decodeYamlObject(data),
};
