// Behaviour of github.com/robfig/cron/v3 parser.go ParseStandard (v3.0.1, the parser kube's CronJob
// validation uses) and of Go's time.ParseDuration for `@every`: whether a schedule parses, and the
// exact error text when it does not.
import { quote as goQuote } from '@kapi/apimachinery';

interface Bounds {
  readonly min: number;
  readonly max: number;
  readonly names?: Readonly<Record<string, number>>;
}

const minutes: Bounds = { min: 0, max: 59 };
const hours: Bounds = { min: 0, max: 23 };
const dom: Bounds = { min: 1, max: 31 };
const months: Bounds = {
  min: 1,
  max: 12,
  names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 },
};
const dow: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };

/** strconv.Atoi's error for `s`, or its value (64-bit ints). */
function atoi(s: string): number | string {
  if (!/^[+-]?[0-9]+$/.test(s)) return `strconv.Atoi: parsing ${goQuote(s)}: invalid syntax`;
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return `strconv.Atoi: parsing ${goQuote(s)}: value out of range`;
  return Number(n);
}

function mustParseInt(expr: string): number | Error {
  const n = atoi(expr);
  if (typeof n === 'string') return new Error(`failed to parse int from ${expr}: ${n}`);
  if (n < 0) return new Error(`negative number (${n}) not allowed: ${expr}`);
  return n;
}

function parseIntOrName(expr: string, names: Bounds['names']): number | Error {
  const named = names?.[expr.toLowerCase()];
  return named ?? mustParseInt(expr);
}

function checkRange(expr: string, r: Bounds): Error | undefined {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = r.min;
    end = r.max;
  } else {
    const s = parseIntOrName(lowAndHigh[0]!, r.names);
    if (s instanceof Error) return s;
    start = s;
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) {
      const e = parseIntOrName(lowAndHigh[1]!, r.names);
      if (e instanceof Error) return e;
      end = e;
    } else return new Error(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    const s = mustParseInt(rangeAndStep[1]!);
    if (s instanceof Error) return s;
    step = s;
    // "N/step" means "N-max/step".
    if (lowAndHigh.length === 1) end = r.max;
  } else if (rangeAndStep.length > 2) return new Error(`too many slashes: ${expr}`);
  if (start < r.min) return new Error(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) return new Error(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) return new Error(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) return new Error(`step of range should be a positive number: ${expr}`);
  return undefined;
}

function checkField(field: string, r: Bounds): Error | undefined {
  for (const expr of field.split(',').filter((e) => e !== '')) {
    const err = checkRange(expr, r);
    if (err) return err;
  }
  return undefined;
}

const durationUnits = new Set(['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h']);

/** time.ParseDuration's error for `s`, or undefined when it parses (overflow is not checked). */
export function goDurationError(orig: string): string | undefined {
  let s = orig;
  const invalid = `time: invalid duration ${goQuote(orig)}`;
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  if (s === '0') return undefined;
  if (s === '') return invalid;
  while (s !== '') {
    if (!/^[0-9.]/.test(s)) return invalid;
    const m = /^([0-9]*)(\.([0-9]*))?/.exec(s)!;
    if (m[1] === '' && (m[3] ?? '') === '') return invalid;
    s = s.slice(m[0].length);
    const unit = /^[^0-9.]*/.exec(s)![0];
    if (unit === '') return `time: missing unit in duration ${goQuote(orig)}`;
    if (!durationUnits.has(unit)) return `time: unknown unit ${goQuote(unit)} in duration ${goQuote(orig)}`;
    s = s.slice(unit.length);
  }
  return undefined;
}

const descriptors = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/**
 * cron.ParseStandard: five fields (minute hour day-of-month month day-of-week) or a descriptor
 * (`@daily`, `@every 1h30m`, …), optionally after `TZ=`/`CRON_TZ=`. Returns the parser's error
 * text, or undefined when the schedule parses. `isZone` says whether a zone name loads.
 */
export function cronScheduleError(spec: string, isZone: (name: string) => boolean): string | undefined {
  if (spec.length === 0) return 'empty spec string';
  let rest = spec;
  if (rest.startsWith('TZ=') || rest.startsWith('CRON_TZ=')) {
    const space = rest.indexOf(' ');
    const eq = rest.indexOf('=');
    const zone = space < 0 ? rest.slice(eq + 1) : rest.slice(eq + 1, space);
    if (!isZone(zone)) return `provided bad location ${zone}: unknown time zone ${zone}`;
    rest = space < 0 ? '' : rest.slice(space).trim();
  }
  if (rest.startsWith('@')) {
    if (descriptors.has(rest)) return undefined;
    if (rest.startsWith('@every ')) {
      const err = goDurationError(rest.slice('@every '.length));
      return err === undefined ? undefined : `failed to parse duration ${rest}: ${err}`;
    }
    return `unrecognized descriptor: ${rest}`;
  }
  const fields = rest.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  const bounds = [minutes, hours, dom, months, dow];
  for (let i = 0; i < 5; i++) {
    const err = checkField(fields[i]!, bounds[i]!);
    if (err) return err.message;
  }
  return undefined;
}
