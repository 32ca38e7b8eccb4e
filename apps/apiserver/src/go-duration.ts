// Behaviour of Go's time.ParseDuration (go1.24 src/time/format.go): the duration flags of kube-apiserver
// (pflag's DurationVar), e.g. --event-ttl=1h0m0s.

const nanosecondsPerUnit: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  'µs': 1_000n, // U+00B5 micro sign
  'μs': 1_000n, // U+03BC Greek small letter mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const maxDuration = (1n << 63n) - 1n;

/** Go's quote() of the input in its error messages. */
const quote = (s: string) => JSON.stringify(s);

/**
 * Parses a duration as Go's time.ParseDuration does — a possibly signed sequence of decimal numbers,
 * each with an optional fraction and a unit (`ns`, `us`/`µs`, `ms`, `s`, `m`, `h`), like `300ms`,
 * `-1.5h` or `2h45m` — and returns it in nanoseconds, exactly. Throws Go's error text
 * (`time: invalid duration "x"`, `time: missing unit in duration "1"`, `time: unknown unit "d" in
 * duration "1d"`) for anything else, including durations beyond Go's int64 range.
 */
export function parseGoDuration(input: string): bigint {
  const invalid = () => new Error(`time: invalid duration ${quote(input)}`);
  let s = input;
  let negative = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') throw invalid();
  let total = 0n;
  while (s !== '') {
    if (!/^[0-9.]/.test(s)) throw invalid();
    const whole = /^[0-9]*/.exec(s)![0];
    s = s.slice(whole.length);
    let fraction = '';
    let hasFraction = false;
    if (s.startsWith('.')) {
      fraction = /^[0-9]*/.exec(s.slice(1))![0];
      hasFraction = fraction !== '';
      s = s.slice(1 + fraction.length);
    }
    if (whole === '' && !hasFraction) throw invalid();
    const unitName = /^[^0-9.]*/.exec(s)![0];
    if (unitName === '') throw new Error(`time: missing unit in duration ${quote(input)}`);
    s = s.slice(unitName.length);
    const unit = nanosecondsPerUnit[unitName];
    if (unit === undefined) throw new Error(`time: unknown unit ${quote(unitName)} in duration ${quote(input)}`);
    // Go's leadingInt fails beyond 2^63; the product must stay within it too.
    const v = whole === '' ? 0n : BigInt(whole);
    if (v > 1n << 63n || v > (1n << 63n) / unit) throw invalid();
    let value = v * unit;
    if (hasFraction) {
      // leadingFraction keeps the digits while they fit in 2^63; Go then scales in float64.
      let f = 0n;
      let scale = 1;
      for (const digit of fraction) {
        const next = f * 10n + BigInt(digit);
        if (next > 1n << 63n) break;
        f = next;
        scale *= 10;
      }
      if (f > 0n) {
        value += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
        if (value > 1n << 63n) throw invalid();
      }
    }
    total += value;
    if (total > 1n << 63n) throw invalid();
  }
  if (negative) return -total;
  if (total > maxDuration) throw invalid();
  return total;
}

/**
 * A duration flag's value in whole seconds, as kube-apiserver passes --event-ttl to its storage
 * (`uint64(d.Seconds())`, which truncates: `1.9s` is 1, `500ms` is 0). Negative durations are refused.
 */
export function goDurationSeconds(input: string): number {
  const ns = parseGoDuration(input);
  if (ns < 0n) throw new Error(`must not be negative, got ${quote(input)}`);
  return Number(ns / 1_000_000_000n);
}
