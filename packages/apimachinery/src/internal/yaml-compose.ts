// Parsing for the YAML codec: the `yaml` package's lexer, CST parser and composer, held to the
// limits of go-yaml v2's scanner (scannerc.go: max_flow_level and max_indents, both 10000) and
// reading only the first document of a stream, as go-yaml's Unmarshal does.
import { Composer, Lexer, Parser, type CST, type Document, type Node } from 'yaml';
import { YamlError } from './yaml-resolve.ts';

/** go-yaml v2's max_flow_level and max_indents. */
export const maxDepth = 10000;

/**
 * The parser's stack can hold at most this many entries for a document within both limits:
 * 10000 block collections, as many indentless sequences between them, 10000 flow collections, and
 * the document and a scalar. Past it, the document fails without reading further.
 */
const maxStack = 3 * maxDepth + 8;

/** Nesting at which a subtree is composed on its own: the composer recurses about 3 frames a level. */
const cutDepth = 64;

const composerOptions = {
  version: '1.1',
  schema: 'failsafe',
  resolveKnownTags: false,
  uniqueKeys: false,
  merge: false,
  keepSourceTokens: true,
  intAsBigInt: false,
} as const;

/** The composed first document, with the subtrees that were composed apart. */
export interface ComposedDocument {
  readonly root: Node | null;
  /** Stand-in scalar tokens mapped to the subtree composed in their place. */
  readonly grafts: ReadonlyMap<CST.Token, Node>;
  /** Line number (1-based) of an offset, for messages. */
  lineOf(offset: number): number;
}

// libyaml's reader accepts these and nothing else ("control characters are not allowed").
const notAllowed = /[^\t\n\r\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function depthError(): YamlError {
  return new YamlError(`exceeded max depth of ${maxDepth}`);
}

/** The CST of the first document of `text`, or undefined for a stream without one. */
function firstDocumentToken(text: string): CST.Document | undefined {
  const parser = new Parser();
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) {
      if (token.type === 'document') return token;
      if (token.type === 'error') throw new YamlError(token.message);
    }
    if (parser.stack.length > maxStack) throw depthError();
  }
  for (const token of parser.end()) {
    if (token.type === 'document') return token;
    if (token.type === 'error') throw new YamlError(token.message);
  }
  return undefined;
}

type Holder = { key?: CST.Token | null; value?: CST.Token };

interface Frame {
  readonly token: CST.Token;
  readonly holder: Holder | undefined;
  readonly field: 'key' | 'value';
  readonly parent: CST.Token | undefined;
  readonly flow: number;
  readonly block: number;
  readonly rel: number;
}

function isCollection(t: CST.Token): t is CST.BlockMap | CST.BlockSequence | CST.FlowCollection {
  return t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection';
}

/**
 * Checks go-yaml's depth limits over the CST and cuts it every `cutDepth` levels: each cut subtree
 * is replaced by a stand-in scalar and composed as its own document, so no composition recurses deep.
 */
function cutDeepSubtrees(doc: CST.Document): Array<[CST.FlowScalar, CST.Token]> {
  const cuts: Array<[CST.FlowScalar, CST.Token]> = [];
  const stack: Frame[] = [];
  if (doc.value) stack.push({ token: doc.value, holder: doc as Holder, field: 'value', parent: undefined, flow: 0, block: 0, rel: 0 });
  while (stack.length > 0) {
    const f = stack.pop()!;
    const t = f.token;
    if (!isCollection(t)) continue;
    let { flow, block, rel } = f;
    if (t.type === 'flow-collection') flow++;
    else if (!(t.type === 'block-seq' && f.parent?.type === 'block-map' && f.field === 'value' && t.indent === f.parent.indent)) block++;
    if (flow > maxDepth || block > maxDepth) throw depthError();
    rel++;
    if (rel > cutDepth && f.holder) {
      if (f.parent?.type === 'flow-collection' && t.type !== 'flow-collection') {
        throw new YamlError('Block collections are not allowed within flow collections');
      }
      const stand: CST.FlowScalar = { type: 'scalar', offset: t.offset, indent: t.indent, source: 'x' };
      f.holder[f.field] = stand;
      cuts.push([stand, t]);
      rel = 1;
    }
    for (let i = t.items.length - 1; i >= 0; i--) {
      const item = t.items[i] as Holder;
      if (item.value) stack.push({ token: item.value, holder: item, field: 'value', parent: t, flow, block, rel });
      if (item.key) stack.push({ token: item.key, holder: item, field: 'key', parent: t, flow, block, rel });
    }
  }
  return cuts;
}

function compose(token: CST.Document): Document.Parsed {
  const docs = [...new Composer(composerOptions).compose([token])];
  const doc = docs[0]!;
  const err = doc.errors[0];
  if (err) throw Object.assign(new YamlError(err.message), { offset: err.pos[0] });
  return doc;
}

function lineCounter(text: string): (offset: number) => number {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * Parses the first document of a YAML stream. Throws YamlError for a syntax error, a control
 * character, or nesting past go-yaml's limits; the rest of the stream is not read.
 */
export function composeFirstDocument(text: string): ComposedDocument {
  const lineOf = lineCounter(text);
  const bad = notAllowed.exec(text);
  if (bad) throw new YamlError('control characters are not allowed');
  let token: CST.Document | undefined;
  try {
    token = firstDocumentToken(text);
  } catch (err) {
    if (err instanceof RangeError) throw depthError();
    throw err;
  }
  if (!token) return { root: null, grafts: new Map(), lineOf };
  const doc = token;
  const cuts = cutDeepSubtrees(doc);
  const root = withLine(() => compose(doc).contents as Node | null, lineOf);
  const grafts = new Map<CST.Token, Node>();
  for (const [stand, sub] of cuts) {
    grafts.set(stand, withLine(() => compose({ type: 'document', offset: sub.offset, start: [], value: sub }).contents as Node, lineOf));
  }
  return { root, grafts, lineOf };
}

function withLine<T>(fn: () => T, lineOf: (offset: number) => number): T {
  try {
    return fn();
  } catch (err) {
    const offset = (err as { offset?: number }).offset;
    if (err instanceof YamlError && offset !== undefined) {
      throw new YamlError(`line ${lineOf(offset)}: ${err.message.slice('yaml: '.length)}`);
    }
    throw err;
  }
}
