// Behaviour of k8s.io/apimachinery pkg/api/resource/quantity.go (v0.33): ParseQuantity's grammar
// and the exact comparisons, signs, Value() and MilliValue() the core validation reads. A
// quantity is held exactly, as an integer over a power of ten; its canonical String() form is not
// reproduced (messages quote the quantity as the client wrote it).

/** An exact quantity: `num / 10^scale`. */
export interface Quantity {
  readonly num: bigint;
  readonly scale: number;
  /** The text the quantity was parsed from. */
  readonly text: string;
}

const binary: Record<string, bigint> = { Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n };
const decimal: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const grammar = /^([+-]?)(\d*)(?:\.(\d*))?([a-zA-Z]*|[eE][+-]?\d+)$/;

/** ParseQuantity: undefined for text that is not a quantity (quantities written as JSON numbers are accepted). */
export function parseQuantity(value: unknown): Quantity | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || text === '') return undefined;
  const m = grammar.exec(text);
  if (!m) return undefined;
  const [, sign = '', whole = '', frac = '', suffix = ''] = m;
  if (whole === '' && frac === '') return undefined;
  let num = BigInt(`${whole}${frac}` || '0');
  let scale = frac.length;
  if (suffix in binary) num *= binary[suffix]!;
  else if (suffix in decimal) scale -= decimal[suffix]!;
  else if (/^[eE]/.test(suffix)) scale -= Number.parseInt(suffix.slice(1), 10);
  else return undefined;
  if (sign === '-') num = -num;
  return { num, scale, text };
}

function aligned(a: Quantity, b: Quantity): [bigint, bigint] {
  const s = Math.max(a.scale, b.scale);
  return [a.num * 10n ** BigInt(s - a.scale), b.num * 10n ** BigInt(s - b.scale)];
}

/** Quantity.Cmp: -1, 0 or 1. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The sign of a quantity: -1, 0 or 1. */
export function signOf(q: Quantity): number {
  return q.num < 0n ? -1 : q.num > 0n ? 1 : 0;
}

/** The value in units of 10^exp, rounded up (as Go's ScaledValue does for positive values). */
function scaledValue(q: Quantity, exp: number): bigint {
  const shift = q.scale + exp;
  if (shift <= 0) return q.num * 10n ** BigInt(-shift);
  const d = 10n ** BigInt(shift);
  const quotient = q.num / d;
  return q.num % d !== 0n && q.num > 0n ? quotient + 1n : quotient;
}

/** Quantity.Value(): the integer value, rounded up. */
export function quantityValue(q: Quantity): bigint {
  return scaledValue(q, 0);
}

/** Quantity.MilliValue(): the value in thousandths, rounded up. */
export function quantityMilliValue(q: Quantity): bigint {
  return scaledValue(q, -3);
}

/** The value as a JS number (for ratios). */
export function quantityNumber(q: Quantity): number {
  return Number(q.num) / 10 ** q.scale;
}

const decimalSuffixByExponent = new Map(Object.entries(decimal).map(([s, e]) => [e, s]));
const binarySuffixes = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** The format a quantity keeps: the family of the suffix it was written with. */
function formatOf(text: string): 'BinarySI' | 'DecimalSI' | 'DecimalExponent' {
  if (/\d[eE][+-]?\d+$/.test(text)) return 'DecimalExponent';
  const suffix = /[a-zA-Z]*$/.exec(text)?.[0] ?? '';
  return suffix in binary ? 'BinarySI' : 'DecimalSI';
}

/** The decimal canonical form: an integer mantissa and an exponent that is a multiple of 3. */
function canonicalDecimal(q: Quantity, format: 'DecimalSI' | 'DecimalExponent'): string {
  let amount = q.num;
  let exponent = -q.scale;
  while (amount !== 0n && amount % 10n === 0n) {
    amount /= 10n;
    exponent++;
  }
  const mod = ((exponent % 3) + 3) % 3;
  if (mod === 1) {
    amount *= 10n;
    exponent -= 1;
  } else if (mod === 2) {
    amount *= 100n;
    exponent -= 2;
  }
  if (format === 'DecimalSI') {
    const suffix = decimalSuffixByExponent.get(exponent);
    if (suffix !== undefined) return `${amount}${suffix}`;
  }
  return exponent === 0 ? `${amount}` : `${amount}e${exponent}`;
}

/**
 * Quantity.String(): the canonical form kube prints and stores (`1000M` is `1G`, `0.5` is `500m`,
 * `1.5Gi` is `1536Mi`), in the format the quantity was written with; binary quantities under 1024 or
 * with a fraction print as decimal ones.
 */
export function formatQuantity(q: Quantity): string {
  if (q.num === 0n) return '0';
  let format = formatOf(q.text);
  if (format === 'BinarySI') {
    const whole = q.scale <= 0 || q.num % 10n ** BigInt(q.scale) === 0n;
    const value = q.scale <= 0 ? q.num * 10n ** BigInt(-q.scale) : q.num / 10n ** BigInt(q.scale);
    if (!whole || (value > -1024n && value < 1024n)) format = 'DecimalSI';
    else {
      let amount = value;
      let exp = 0;
      while (exp < binarySuffixes.length - 1 && amount % 1024n === 0n) {
        amount /= 1024n;
        exp++;
      }
      return `${amount}${binarySuffixes[exp]}`;
    }
  }
  return canonicalDecimal(q, format);
}

/**
 * Go's %#v of a defaulted resource.Quantity, the value kube prints for a field error whose bad
 * value is a Quantity: SetDefaults_ResourceList rounds it up to milli scale, which also clears its
 * cached string. (Fractional binary quantities, which Go keeps as an inf.Dec, print as decimal
 * ones here.)
 */
export function goQuantity(q: Quantity): string {
  let value = q.num;
  let scale = -q.scale;
  if (scale < -3) {
    const d = 10n ** BigInt(-3 - scale);
    value = value / d + (value % d !== 0n && value > 0n ? 1n : 0n);
    scale = -3;
  }
  const format = formatOf(q.text);
  return `resource.Quantity{i:resource.int64Amount{value:${value}, scale:${scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"", Format:"${format}"}`;
}
