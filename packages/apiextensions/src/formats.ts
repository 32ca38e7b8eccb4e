// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/validation/formats.go (v0.33) and the
// string formats of k8s.io/kube-openapi/pkg/validation/strfmt that it keeps.
import { parseCIDRSloppy, parseIPSloppy } from '@kapi/api';
import { compileGoRegexp } from './internal/go-regexp.ts';

/** A format's name as go-openapi normalises it: without dashes (date-time = datetime). */
const normalize = (format: string): string => format.replaceAll('-', '');

const hostnamePattern = compileGoRegexp(
  '^([a-zA-Z0-9\\p{S}\\p{L}]((-?[a-zA-Z0-9\\p{S}\\p{L}]{0,62})?)|([a-zA-Z0-9\\p{S}\\p{L}](([a-zA-Z0-9-\\p{S}\\p{L}]{0,61}[a-zA-Z0-9\\p{S}\\p{L}])?)(\\.)){1,}([a-zA-Z\\p{L}]){2,63})$',
);
const uuid = (version: string) =>
  new RegExp(`^[0-9a-f]{8}-?[0-9a-f]{4}-?${version}[0-9a-f]{3}-?${version === '[0-9a-f]' ? '' : '[89ab]'}[0-9a-f]{${version === '[0-9a-f]' ? 4 : 3}}-?[0-9a-f]{12}$`, 'i');

function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  return d <= days;
}

function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const parts = s.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const m = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u.exec(parts[1]!);
  return m !== null && m[1]! <= '23' && m[2]! <= '59' && m[3]! <= '59';
}

const goDurationUnits = new Set(['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h']);
/** Go's time.ParseDuration accepts it. */
function isGoDuration(s: string): boolean {
  let rest = s.replace(/^[-+]/, '');
  if (rest === '0') return true;
  if (rest === '') return false;
  while (rest !== '') {
    const m = /^(\d+\.?\d*|\.\d+)([a-zµμ]+)/.exec(rest);
    if (!m || !goDurationUnits.has(m[2]!)) return false;
    rest = rest.slice(m[0].length);
  }
  return true;
}
const durationUnits = [['ns', 'nano'], ['us', 'µs', 'micro'], ['ms', 'milli'], ['s', 'sec'], ['m', 'min'], ['h', 'hr', 'hour'], ['d', 'day'], ['w', 'wk', 'week']];
function isDuration(s: string): boolean {
  if (isGoDuration(s)) return true;
  for (const m of s.matchAll(/((\d+)\s*([A-Za-zµ]+))/g)) {
    const unit = m[3]!.trim().toLowerCase();
    for (const variants of durationUnits) {
      if (variants.some((v, i) => (i === variants.length - 1 && unit.startsWith(v)) || v === unit)) return true;
    }
  }
  return false;
}

const atext = (c: string, dot: boolean): boolean => {
  if (c === '.') return dot;
  if ('()<>[]:;@\\,"'.includes(c)) return false;
  return (c >= '!' && c <= '~') || c.codePointAt(0)! >= 0x80;
};

/** net/mail's addr-spec: a dot-atom or quoted local part, `@`, a dot-atom or literal domain. */
function isAddrSpec(s: string): boolean {
  const chars = [...s];
  let i = 0;
  const dotAtom = (): boolean => {
    const start = i;
    while (i < chars.length && atext(chars[i]!, true)) i++;
    const atom = chars.slice(start, i).join('');
    return atom !== '' && !atom.startsWith('.') && !atom.endsWith('.') && !atom.includes('..');
  };
  if (chars[0] === '"') {
    i = 1;
    let closed = false;
    while (i < chars.length) {
      const c = chars[i]!;
      if (c === '\\') i += 2;
      else if (c === '"') {
        closed = true;
        i++;
        break;
      } else if (c === ' ' || c === '\t' || (c >= '!' && c <= '~') || c.codePointAt(0)! >= 0x80) i++;
      else return false;
    }
    if (!closed || i - 1 <= 1 - 1) return false;
  } else if (!dotAtom()) return false;
  if (chars[i] !== '@') return false;
  i++;
  if (chars[i] === '[') {
    const rest = chars.slice(i).join('');
    return /^\[[^[\]\\]*\]$/.test(rest);
  }
  return dotAtom() && i === chars.length;
}

/** net/mail.ParseAddress: `addr-spec`, or `display name <addr-spec>`. */
function isEmail(s: string): boolean {
  const t = s.trim();
  const angle = /^[^<>]*<([^<>]+)>$/.exec(t);
  return isAddrSpec(angle ? angle[1]! : t);
}

const hasControl = (s: string): boolean => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * url.ParseRequestURI: an absolute path, or a scheme followed by an opaque part or by
 * `//authority/path` with a well-formed host and a numeric port.
 */
function isRequestURI(s: string): boolean {
  if (s === '' || hasControl(s)) return false;
  if (s.startsWith('/')) return true;
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(s);
  if (!m) return false;
  const rest = s.slice(m[0].length).replace(/\?.*$/s, '');
  if (!rest.startsWith('//')) return true;
  const authority = rest.slice(2).split('/')[0]!;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  if (host.startsWith('[')) return /^\[[0-9A-Fa-f:.]+(%25[^\]]*)?\](:\d*)?$/.test(host);
  const colon = host.lastIndexOf(':');
  const name = colon < 0 ? host : host.slice(0, colon);
  if (colon >= 0 && !/^\d*$/.test(host.slice(colon + 1))) return false;
  return /^[A-Za-z0-9\-._~!$&'()*+,;=%]*$/.test(name);
}

function isISBN10(s: string): boolean {
  const d = s.replace(/[\s-]/g, '');
  if (!/^\d{9}[\dX]$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * Number(d[i]);
  sum += d[9] === 'X' ? 100 : 10 * Number(d[9]);
  return sum % 11 === 0;
}
function isISBN13(s: string): boolean {
  const d = s.replace(/[\s-]/g, '');
  if (!/^\d{13}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(d[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(d[12]);
}
function isCreditCard(s: string): boolean {
  const d = s.replace(/[^0-9]+/g, '');
  if (!/^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|(222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)[0-9]{12}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11}|6[27][0-9]{14})$/.test(d)) return false;
  let sum = 0;
  let double = false;
  for (let i = d.length - 1; i >= 0; i--) {
    let n = Number(d[i]);
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

const validators: Record<string, (s: string) => boolean> = {
  bsonobjectid: (s) => /^[0-9a-fA-F]{24}$/.test(s),
  uri: isRequestURI,
  email: isEmail,
  hostname: (s) => hostnamePattern.test(s) && s.length <= 255 && s.split('.').every((p) => Buffer.byteLength(p) <= 63),
  ipv4: (s) => parseIPSloppy(s) !== undefined && s.includes('.'),
  ipv6: (s) => s.includes(':') && parseIPSloppy(s) !== undefined,
  cidr: (s) => parseCIDRSloppy(s) !== undefined,
  mac: (s) => /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$|^([0-9A-Fa-f]{2}[:-]){7}[0-9A-Fa-f]{2}$|^([0-9A-Fa-f]{2}[:-]){19}[0-9A-Fa-f]{2}$|^([0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}$|^([0-9A-Fa-f]{4}\.){3}[0-9A-Fa-f]{4}$|^([0-9A-Fa-f]{4}\.){9}[0-9A-Fa-f]{4}$/.test(s),
  uuid: (s) => uuid('[0-9a-f]').test(s),
  uuid3: (s) => uuid('3').test(s),
  uuid4: (s) => uuid('4').test(s),
  uuid5: (s) => uuid('5').test(s),
  isbn: (s) => isISBN10(s) || isISBN13(s),
  isbn10: isISBN10,
  isbn13: isISBN13,
  creditcard: isCreditCard,
  ssn: (s) => s !== '' && s.length >= 11 && /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(s),
  hexcolor: (s) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s),
  rgbcolor: (s) => /^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$/.test(s),
  byte: (s) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(s),
  password: () => true,
  date: isDate,
  duration: isDuration,
  datetime: isDateTime,
};

/**
 * The string formats custom resource schemas validate (every Kubernetes version since 1.0 knows
 * them). Any other format is ignored: not validated, and not an error.
 */
export const supportedFormats: readonly string[] = Object.keys(validators);

/** The format kube validates for `format` (normalised), or undefined when it ignores it. */
export function formatValidator(format: string | undefined): ((value: string) => boolean) | undefined {
  if (!format) return undefined;
  const name = normalize(format);
  return Object.hasOwn(validators, name) ? validators[name] : undefined;
}
