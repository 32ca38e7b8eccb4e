// Follows k8s.io/apiserver/pkg/cel/environment/base.go and environment.go (v0.33): one versioned base environment
// (CEL's standard library plus kube's libraries) that every user (CRD rules, admission policies, matchConditions)
// extends with its own variables.
import { celEnv, celFunc, celMethod, CelScalar, mapType, type CelEnv, type CelFunc, type CelValue } from '@bufbuild/cel';
import { opaqueKind, opaquePayload } from './opaque.ts';
import type { FuncDecl, Library, OpaqueOverload } from './library/library.ts';
import { standardLibrary } from './library/standard.ts';
import { listsLibrary } from './library/lists.ts';
import { cachedRe2, regexLibrary } from './library/regex.ts';
import { urlsLibrary } from './library/urls.ts';
import { quantityLibrary } from './library/quantity.ts';
import { optionalLibrary } from './library/optional.ts';
import { stringsLibrary } from './library/strings.ts';
import { setsLibrary } from './library/sets.ts';
import { ipLibrary } from './library/ip.ts';
import { cidrLibrary } from './library/cidr.ts';
import { formatLibrary } from './library/format.ts';
import { semverLibrary } from './library/semver.ts';
import { costFunction } from './instrument.ts';
import { listSemanticsFuncs } from './library/list-semantics.ts';

/** A library and the Kubernetes minor version that introduced it (base.go baseOptsWithoutStrictCost). */
interface VersionedLibrary {
  readonly introduced: number;
  readonly library: Library;
}

const versioned: readonly VersionedLibrary[] = [
  { introduced: 0, library: standardLibrary },
  { introduced: 0, library: urlsLibrary },
  { introduced: 0, library: regexLibrary },
  { introduced: 0, library: listsLibrary },
  { introduced: 0, library: stringsLibrary },
  { introduced: 28, library: quantityLibrary },
  { introduced: 28, library: optionalLibrary },
  { introduced: 29, library: setsLibrary },
  { introduced: 30, library: ipLibrary },
  { introduced: 30, library: cidrLibrary },
  { introduced: 31, library: formatLibrary },
  { introduced: 33, library: semverLibrary },
];

/** The newest Kubernetes version whose CEL environment this package models. */
export const defaultCompatibilityVersion = '1.33';

/** A compiled-once CEL environment: the checker's declarations and the engine's functions. */
export interface Environment {
  /** The Kubernetes version (`1.33`) whose libraries are included. */
  readonly version: string;
  /** The libraries included, by name. */
  readonly libraries: readonly string[];
  /** Every overload the checker knows, by function name. */
  readonly decls: ReadonlyMap<string, readonly FuncDecl[]>;
  /** The @bufbuild/cel environment that plans and runs programs. */
  readonly cel: CelEnv;
}

const dynMap = mapType(CelScalar.DYN, CelScalar.DYN);

/** Merges opaque overloads sharing a name and arity into one function dispatching on the opaque kind. */
function mergeOpaque(overloads: readonly OpaqueOverload[]): CelFunc[] {
  const groups = new Map<string, OpaqueOverload[]>();
  for (const o of overloads) {
    const key = `${o.member ? 'm' : 'f'}:${o.name}:${o.arity}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const out: CelFunc[] = [];
  for (const group of groups.values()) {
    const { name, member, arity } = group[0]!;
    const dispatch = (self: CelValue, args: CelValue[]) => {
      const kind = opaqueKind(self);
      const o = group.find((g) => g.kind === kind);
      if (o === undefined) throw new Error(`no such overload: ${name}`);
      return o.impl(opaquePayload(self, o.kind), ...args);
    };
    const dyns = new Array<typeof CelScalar.DYN>(arity).fill(CelScalar.DYN);
    out.push(
      member
        ? celMethod(name, dynMap, dyns, CelScalar.DYN, function (this: CelValue, ...args: CelValue[]) {
            return dispatch(this, args);
          })
        : celFunc(name, [dynMap, ...dyns], CelScalar.DYN, (self: CelValue, ...args: CelValue[]) => dispatch(self, args)),
    );
  }
  return out;
}

function minorOf(version: string): number {
  const m = /^1\.(\d+)$/.exec(version);
  if (!m) throw new Error(`invalid compatibility version ${JSON.stringify(version)}: want 1.<minor>`);
  return Number(m[1]);
}

const cache = new Map<string, Environment>();

/**
 * The base environment for a Kubernetes compatibility version (default 1.33): CEL's standard library, kube's
 * lists/regex/urls/quantity/ip/cidr/format/semver libraries, the strings and sets extensions and optional values,
 * each included from the version that introduced it. Built once per version.
 */
export function baseEnvironment(version: string = defaultCompatibilityVersion): Environment {
  const cached = cache.get(version);
  if (cached) return cached;
  const minor = minorOf(version);
  const libs = versioned.filter((v) => v.introduced <= minor).map((v) => v.library);
  const decls = new Map<string, FuncDecl[]>();
  for (const lib of libs) for (const d of lib.decls) decls.set(d.name, [...(decls.get(d.name) ?? []), d]);
  const funcs: CelFunc[] = [...libs.flatMap((l) => l.funcs), ...mergeOpaque(libs.flatMap((l) => l.opaque ?? [])), costFunction, ...listSemanticsFuncs];
  const env: Environment = { version, libraries: libs.map((l) => l.name), decls, cel: celEnv({ funcs, re2: cachedRe2 }) };
  cache.set(version, env);
  return env;
}
