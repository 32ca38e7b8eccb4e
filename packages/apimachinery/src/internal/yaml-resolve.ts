// Behaviour of go-yaml v2 resolve.go (as vendored by sigs.k8s.io/yaml): how a scalar's text and tag
// become a typed value under YAML 1.1 rules (yes/no/on/off booleans, 0777 octal, 0b binary, `~`).
import { GoUint, goDecodeUtf8, goParseInt, goParseIntBase2, goParseUint } from './go-strconv.ts';

const longTagPrefix = 'tag:yaml.org,2002:';
export const strTag = `${longTagPrefix}str`;
export const boolTag = `${longTagPrefix}bool`;
export const intTag = `${longTagPrefix}int`;
export const floatTag = `${longTagPrefix}float`;
export const nullTag = `${longTagPrefix}null`;
export const timestampTag = `${longTagPrefix}timestamp`;
export const binaryTag = `${longTagPrefix}binary`;
export const mergeTag = `${longTagPrefix}merge`;

/** `!!int` for `tag:yaml.org,2002:int`, as go-yaml names tags in messages. */
export function shortTag(tag: string): string {
  return tag.startsWith(longTagPrefix) ? `!!${tag.slice(longTagPrefix.length)}` : tag;
}

/** A failure go-yaml reports with failf: the message after `yaml: `. */
export class YamlError extends Error {
  constructor(message: string) {
    super(`yaml: ${message}`);
    this.name = 'YamlError';
  }
}

/** What a scalar resolved to: its tag and a Go-typed value (string, boolean, null, bigint int, GoUint, float number). */
export interface Resolved {
  readonly tag: string;
  readonly value: unknown;
}

const resolveMap = new Map<string, Resolved>();
for (const [value, tag, words] of [
  [true, boolTag, ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']],
  [false, boolTag, ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']],
  [null, nullTag, ['', '~', 'null', 'Null', 'NULL']],
  [NaN, floatTag, ['.nan', '.NaN', '.NAN']],
  [Infinity, floatTag, ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']],
  [-Infinity, floatTag, ['-.inf', '-.Inf', '-.INF']],
  ['<<', mergeTag, ['<<']],
] as const) {
  for (const w of words) resolveMap.set(w, { tag, value });
}

/** go-yaml's first-byte hint: S(ign), D(igit), M(ap lookup only), `.`, or none. */
function hintOf(s: string): string {
  if (s === '') return 'N';
  const c = s[0]!;
  if (c === '+' || c === '-') return 'S';
  if (c >= '0' && c <= '9') return 'D';
  if ('yYnNtTfFoO~'.includes(c)) return 'M';
  if (c === '.') return '.';
  return '';
}

const yamlStyleFloat = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
// strconv.ParseFloat on text that starts with '.': decimal digits, underscores only between digits.
const dotFloat = /^\.[0-9](_?[0-9])*([eE][-+]?[0-9](_?[0-9])*)?$/;

function finite(s: string): number | undefined {
  const f = Number(s.replaceAll('_', ''));
  return Number.isFinite(f) ? f : undefined;
}

const daysIn = (y: number, m: number) => [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
const timestampRe = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:([Tt])|( ))(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** go-yaml's parseTimestamp: the subset of yaml.org/type/timestamp that Go's time.Parse accepts. */
function isTimestamp(s: string): boolean {
  const m = timestampRe.exec(s);
  if (!m) return false;
  const [, y, mo, d, t, sp, h, mi, se, zone] = m;
  if (t !== undefined && zone === undefined) return false;
  if (sp !== undefined && zone !== undefined) return false;
  const month = Number(mo);
  if (month < 1 || month > 12 || Number(d) < 1 || Number(d) > daysIn(Number(y), month)) return false;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(se) > 59)) return false;
  return true;
}

function resolvePlain(tag: string, s: string): Resolved {
  const hint = hintOf(s);
  if (hint === '' || tag === strTag) return { tag: strTag, value: s };
  const known = resolveMap.get(s);
  if (known) return known;
  if (hint === '.') {
    const f = dotFloat.test(s) ? finite(s) : undefined;
    if (f !== undefined) return { tag: floatTag, value: f };
  } else if (hint === 'D' || hint === 'S') {
    if ((tag === '' || tag === timestampTag) && isTimestamp(s)) return { tag: timestampTag, value: s };
    const plain = s.replaceAll('_', '');
    const i = goParseInt(plain);
    if (i !== undefined) return { tag: intTag, value: i };
    const u = goParseUint(plain);
    if (u !== undefined) return { tag: intTag, value: new GoUint(u) };
    if (yamlStyleFloat.test(plain)) {
      const f = finite(plain);
      if (f !== undefined) return { tag: floatTag, value: f };
    }
    if (plain.startsWith('0b')) {
      const bi = goParseIntBase2(plain.slice(2));
      if (bi !== undefined) return { tag: intTag, value: bi };
    } else if (plain.startsWith('-0b')) {
      const bi = goParseIntBase2(`-${plain.slice(3)}`);
      if (bi !== undefined) return { tag: intTag, value: bi };
    }
  }
  return { tag: strTag, value: s };
}

const resolvable = new Set(['', strTag, boolTag, intTag, floatTag, nullTag, timestampTag]);

/**
 * go-yaml v2's resolve(tag, text). Tags outside the core set (custom `!foo`, `!`, `!!binary`,
 * `!!map` on a scalar) pass the text through; an explicit core tag the text does not fit is an error
 * (`cannot decode !!str `foo` as a !!int`).
 */
export function resolve(tag: string, s: string): Resolved {
  if (!resolvable.has(tag)) return { tag, value: s };
  const r = resolvePlain(tag, s);
  if (tag === '' || tag === r.tag || tag === strTag) return r;
  if (tag === floatTag && r.tag === intTag && typeof r.value === 'bigint') return { tag: floatTag, value: Number(r.value) };
  throw new YamlError(`cannot decode ${shortTag(r.tag)} \`${s}\` as a ${shortTag(tag)}`);
}

const base64Std = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A `!!binary` scalar: base64 (line breaks ignored) to the string Go makes of the bytes. */
export function decodeBinary(s: string): string {
  const compact = s.replace(/[\r\n]/g, '');
  if (!base64Std.test(compact)) throw new YamlError('!!binary value contains invalid base64 data');
  const raw = atob(compact);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return goDecodeUtf8(bytes);
}
