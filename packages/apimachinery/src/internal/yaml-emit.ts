// Behaviour of sigs.k8s.io/yaml JSONToYAML: go-yaml v2 encode.go (keys sorted by sorter.go, scalar
// styles chosen by stringv) and emitterc.go (block style, 2-space indent, compact sequences in
// mappings, lines folded past 80 columns), for the values JSON can hold.
import { goFormatFloat } from './go-strconv.ts';
import { resolve, strTag } from './yaml-resolve.ts';

type Style = 'plain' | 'single' | 'double' | 'literal';
type Event =
  | { readonly t: 'scalar'; readonly value: string; readonly style: Style }
  | { readonly t: 'seq' | 'seqEnd' | 'map' | 'mapEnd' | 'docEnd' };

const bestIndent = 2;
const bestWidth = 80;

const isLetter = (cp: number) => /\p{L}/u.test(String.fromCodePoint(cp));
const isDigit = (cp: number) => /\p{Nd}/u.test(String.fromCodePoint(cp));

/** go-yaml's keyList.Less for two string keys: letters after other runes, digit runs by value. */
export function goKeyLess(a: string, b: string): boolean {
  const ar = Array.from(a, (c) => c.codePointAt(0)!);
  const br = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ca = ar[i]!;
    const cb = br[i]!;
    if (ca === cb) continue;
    const al = isLetter(ca);
    const bl = isLetter(cb);
    if (al && bl) return ca < cb;
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (ca === 48 || cb === 48) {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]!); j--) {
        if (ar[j] !== 48) {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]!); ai++) an = BigInt.asIntN(64, an * 10n + BigInt(ar[ai]! - 48));
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]!); bi++) bn = BigInt.asIntN(64, bn * 10n + BigInt(br[bi]! - 48));
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ca < cb;
  }
  return ar.length < br.length;
}

const base60float = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** encode.go stringv: plain unless the text would read back as something else, literal if multi-line. */
function stringEvent(s: string): Event {
  const canUsePlain = resolve('', s).tag === strTag && !(s.includes(':') && base60float.test(s));
  const style: Style = s.includes('\n') ? 'literal' : canUsePlain ? 'plain' : 'double';
  return { t: 'scalar', value: s, style };
}

/** A JSON number as go-yaml reads it back from JSON text and prints it: int, uint64 or float64. */
function numberText(n: number): string {
  if (Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 64) return BigInt(n).toString();
  return goFormatFloat(n, 64);
}

type Work = { readonly w: 'value'; readonly v: unknown } | { readonly w: 'key'; readonly k: string } | { readonly w: 'end'; readonly t: 'seqEnd' | 'mapEnd' };

const wellFormed = (s: string) => s.replace(/\p{Cs}/gu, '\uFFFD');

function events(value: unknown): Event[] {
  const out: Event[] = [];
  const stack: Work[] = [{ w: 'value', v: value }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.w === 'end') {
      out.push({ t: item.t });
      continue;
    }
    if (item.w === 'key') {
      out.push(stringEvent(wellFormed(item.k)));
      continue;
    }
    const v = item.v;
    if (v === null || v === undefined) out.push({ t: 'scalar', value: 'null', style: 'plain' });
    else if (typeof v === 'boolean') out.push({ t: 'scalar', value: String(v), style: 'plain' });
    else if (typeof v === 'number') out.push({ t: 'scalar', value: numberText(v), style: 'plain' });
    else if (typeof v === 'string') out.push(stringEvent(wellFormed(v)));
    else if (Array.isArray(v)) {
      out.push({ t: 'seq' });
      stack.push({ w: 'end', t: 'seqEnd' });
      for (let i = v.length - 1; i >= 0; i--) stack.push({ w: 'value', v: v[i] });
    } else {
      out.push({ t: 'map' });
      stack.push({ w: 'end', t: 'mapEnd' });
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj).sort((a, b) => (goKeyLess(a, b) ? -1 : goKeyLess(b, a) ? 1 : 0));
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ w: 'value', v: obj[keys[i]!] }, { w: 'key', k: keys[i]! });
    }
  }
  out.push({ t: 'docEnd' });
  return out;
}

const isBreak = (c: number | undefined) => c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
const isBlank = (c: number | undefined) => c === 0x20 || c === 0x09;
const isPrintable = (c: number) =>
  c === 0x0a || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff);

interface Analysis {
  multiline: boolean;
  flowPlain: boolean;
  blockPlain: boolean;
  single: boolean;
  block: boolean;
}

/** yaml_emitter_analyze_scalar. */
function analyze(cps: number[]): Analysis {
  if (cps.length === 0) return { multiline: false, flowPlain: false, blockPlain: true, single: true, block: false };
  let blockInd = false;
  let flowInd = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let prevSpace = false;
  let prevBreak = false;
  const s3 = String.fromCodePoint(...cps.slice(0, 3));
  if (s3 === '---' || s3 === '...') [blockInd, flowInd] = [true, true];
  let precededByWs = true;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    const followedByWs = i + 1 >= cps.length || isBlank(cps[i + 1]);
    const ch = String.fromCodePoint(c);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) [flowInd, blockInd] = [true, true];
      else if (ch === '?' || ch === ':') {
        flowInd = true;
        if (followedByWs) blockInd = true;
      } else if (ch === '-' && followedByWs) [flowInd, blockInd] = [true, true];
    } else if (',?[]{}'.includes(ch)) flowInd = true;
    else if (ch === ':') {
      flowInd = true;
      if (followedByWs) blockInd = true;
    } else if (ch === '#' && precededByWs) [flowInd, blockInd] = [true, true];
    if (!isPrintable(c)) special = true;
    if (c === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (prevBreak) breakSpace = true;
      [prevSpace, prevBreak] = [true, false];
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (prevSpace) spaceBreak = true;
      [prevSpace, prevBreak] = [false, true];
    } else {
      [prevSpace, prevBreak] = [false, false];
    }
    precededByWs = isBlank(c) || isBreak(c) || c === 0;
  }
  const a: Analysis = { multiline: lineBreaks, flowPlain: true, blockPlain: true, single: true, block: true };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) [a.flowPlain, a.blockPlain] = [false, false];
  if (trailingSpace) a.block = false;
  if (breakSpace) [a.flowPlain, a.blockPlain, a.single] = [false, false, false];
  if (spaceBreak || special) [a.flowPlain, a.blockPlain, a.single, a.block] = [false, false, false, false];
  if (lineBreaks) [a.flowPlain, a.blockPlain] = [false, false];
  if (flowInd) a.flowPlain = false;
  if (blockInd) a.blockPlain = false;
  return a;
}

const escapes: Record<number, string> = {
  0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r',
  0x1b: 'e', 0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
};

type State = 'docContent' | 'docEnd' | 'flowSeqFirst' | 'flowMapFirst' | 'blockSeqFirst' | 'blockSeqItem' | 'blockMapFirstKey' | 'blockMapKey' | 'blockMapSimpleValue' | 'blockMapValue' | 'end';

/** The libyaml emitter state machine, for the events above. */
class Emitter {
  private out: string[] = [];
  private column = 0;
  private indent = -1;
  private readonly indents: number[] = [];
  private readonly states: State[] = [];
  private state: State = 'docContent';
  private whitespace = true;
  private indention = true;
  private flowLevel = 0;
  private mappingCtx = false;
  private simpleKeyCtx = false;

  constructor(private readonly evs: Event[]) {}

  run(): string {
    for (let i = 0; i < this.evs.length; i++) this.step(i);
    return this.out.join('');
  }

  private put(s: string): void {
    this.out.push(s);
    this.column++;
  }
  private putBreak(): void {
    this.out.push('\n');
    this.column = 0;
  }
  private writeBreak(c: number): void {
    if (c === 0x0a) this.putBreak();
    else {
      this.out.push(String.fromCodePoint(c));
      this.column = 0;
    }
  }
  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }
  private indicator(ind: string, needWs: boolean, isWs: boolean, isIndention: boolean): void {
    if (needWs && !this.whitespace) this.put(' ');
    for (const c of ind) this.put(c);
    this.whitespace = isWs;
    this.indention = this.indention && isIndention;
  }
  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? bestIndent : 0;
    else if (!indentless) this.indent += bestIndent;
  }
  private popIndent(): void {
    this.indent = this.indents.pop()!;
  }
  private popState(): void {
    this.state = this.states.pop()!;
  }

  private step(i: number): void {
    const ev = this.evs[i]!;
    switch (this.state) {
      case 'docContent':
        this.states.push('docEnd');
        return this.node(i, false, false);
      case 'docEnd':
        this.writeIndent();
        this.state = 'end';
        return;
      case 'flowSeqFirst':
      case 'flowMapFirst': {
        const seq = this.state === 'flowSeqFirst';
        this.indicator(seq ? '[' : '{', true, true, false);
        this.increaseIndent(true, false);
        this.flowLevel++;
        // Only empty collections are written in flow style here.
        this.flowLevel--;
        this.popIndent();
        this.indicator(seq ? ']' : '}', false, false, false);
        return this.popState();
      }
      case 'blockSeqFirst':
      case 'blockSeqItem':
        if (this.state === 'blockSeqFirst') this.increaseIndent(false, this.mappingCtx && !this.indention);
        if (ev.t === 'seqEnd') {
          this.popIndent();
          return this.popState();
        }
        this.writeIndent();
        this.indicator('-', true, false, true);
        this.states.push('blockSeqItem');
        return this.node(i, false, false);
      case 'blockMapFirstKey':
      case 'blockMapKey':
        if (this.state === 'blockMapFirstKey') this.increaseIndent(false, false);
        if (ev.t === 'mapEnd') {
          this.popIndent();
          return this.popState();
        }
        this.writeIndent();
        if (this.simpleKey(i)) {
          this.states.push('blockMapSimpleValue');
          return this.node(i, true, true);
        }
        this.indicator('?', true, false, true);
        this.states.push('blockMapValue');
        return this.node(i, true, false);
      case 'blockMapSimpleValue':
      case 'blockMapValue':
        if (this.state === 'blockMapSimpleValue') this.indicator(':', false, false, false);
        else {
          this.writeIndent();
          this.indicator(':', true, false, true);
        }
        this.states.push('blockMapKey');
        return this.node(i, true, false);
      case 'end':
        return;
    }
  }

  private simpleKey(i: number): boolean {
    const ev = this.evs[i]!;
    if (ev.t === 'scalar') {
      const cps = Array.from(ev.value, (c) => c.codePointAt(0)!);
      return !analyze(cps).multiline && new TextEncoder().encode(ev.value).length <= 128;
    }
    const next = this.evs[i + 1];
    return (ev.t === 'seq' && next?.t === 'seqEnd') || (ev.t === 'map' && next?.t === 'mapEnd');
  }

  private node(i: number, mapping: boolean, simpleKey: boolean): void {
    this.mappingCtx = mapping;
    this.simpleKeyCtx = simpleKey;
    const ev = this.evs[i]!;
    const next = this.evs[i + 1];
    if (ev.t === 'seq') this.state = next?.t === 'seqEnd' ? 'flowSeqFirst' : 'blockSeqFirst';
    else if (ev.t === 'map') this.state = next?.t === 'mapEnd' ? 'flowMapFirst' : 'blockMapFirstKey';
    else if (ev.t === 'scalar') this.scalar(ev.value, ev.style);
  }

  private scalar(value: string, requested: Style): void {
    const cps = Array.from(value, (c) => c.codePointAt(0)!);
    const a = analyze(cps);
    let style = requested;
    if (this.simpleKeyCtx && a.multiline) style = 'double';
    if (style === 'plain') {
      if ((this.flowLevel > 0 && !a.flowPlain) || (this.flowLevel === 0 && !a.blockPlain)) style = 'single';
      if (cps.length === 0 && (this.flowLevel > 0 || this.simpleKeyCtx)) style = 'single';
    }
    if (style === 'single' && !a.single) style = 'double';
    if (style === 'literal' && (!a.block || this.flowLevel > 0 || this.simpleKeyCtx)) style = 'double';
    this.increaseIndent(true, false);
    const breaks = !this.simpleKeyCtx;
    if (style === 'plain') this.plain(cps, breaks);
    else if (style === 'single') this.single(cps, breaks);
    else if (style === 'double') this.double(cps, breaks);
    else this.literal(cps);
    this.popIndent();
    this.popState();
  }

  private plain(cps: number[], allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < cps.length; i++) {
      const c = cps[i]!;
      if (c === 0x20) {
        if (allowBreaks && !spaces && this.column > bestWidth && cps[i + 1] !== 0x20) this.writeIndent();
        else this.put(' ');
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === 0x0a) this.putBreak();
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(String.fromCodePoint(c));
        this.indention = false;
        [spaces, breaks] = [false, false];
      }
    }
    this.whitespace = false;
    this.indention = false;
  }

  private single(cps: number[], allowBreaks: boolean): void {
    this.indicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < cps.length; i++) {
      const c = cps[i]!;
      if (c === 0x20) {
        if (allowBreaks && !spaces && this.column > bestWidth && i > 0 && i < cps.length - 1 && cps[i + 1] !== 0x20) this.writeIndent();
        else this.put(' ');
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === 0x0a) this.putBreak();
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === 0x27) this.put("'");
        this.put(String.fromCodePoint(c));
        this.indention = false;
        [spaces, breaks] = [false, false];
      }
    }
    this.indicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private double(cps: number[], allowBreaks: boolean): void {
    let spaces = false;
    this.indicator('"', true, false, false);
    const bom = cps[0] === 0xfeff;
    for (let i = 0; i < cps.length; i++) {
      const c = cps[i]!;
      if (!isPrintable(c) || bom || isBreak(c) || c === 0x22 || c === 0x5c) {
        this.put('\\');
        const short = escapes[c];
        if (short !== undefined) this.put(short);
        else {
          const [letter, width] = c <= 0xff ? ['x', 2] : c <= 0xffff ? ['u', 4] : ['U', 8];
          this.put(letter);
          for (const d of c.toString(16).toUpperCase().padStart(width, '0')) this.put(d);
        }
        spaces = false;
      } else if (c === 0x20) {
        if (allowBreaks && !spaces && this.column > bestWidth && i > 0 && i < cps.length - 1) {
          this.writeIndent();
          if (cps[i + 1] === 0x20) this.put('\\');
        } else this.put(' ');
        spaces = true;
      } else {
        this.put(String.fromCodePoint(c));
        spaces = false;
      }
    }
    this.indicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private literal(cps: number[]): void {
    this.indicator('|', true, false, false);
    if (cps[0] === 0x20 || isBreak(cps[0])) this.indicator(String(bestIndent), false, false, false);
    let chomp = '';
    const n = cps.length;
    if (n === 0 || !isBreak(cps[n - 1])) chomp = '-';
    else if (n === 1 || isBreak(cps[n - 2])) chomp = '+';
    if (chomp) this.indicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const c of cps) {
      if (isBreak(c)) {
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(String.fromCodePoint(c));
        this.indention = false;
        breaks = false;
      }
    }
  }
}

/** sigs.k8s.io/yaml JSONToYAML of a JSON value. */
export function emitYaml(value: unknown): string {
  return new Emitter(events(value)).run();
}
