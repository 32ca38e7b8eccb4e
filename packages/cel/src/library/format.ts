// Follows k8s.io/apiserver/pkg/cel/library/format.go and pkg/cel/format.go (v0.33): format.named(<name>) and the
// format.<name>() constants, each with validate(<string>) returning optional.none() or optional.of(<errors>).
import { celFunc, celList, CelScalar } from '@bufbuild/cel';
import {
  isQualifiedName,
  isValidLabelValue,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
} from '@kapi/apimachinery';
import { T } from '../types.ts';
import { opaque } from '../opaque.ts';
import { fn, method, opaqueOverload, type Library } from './library.ts';
import { optionalValue } from './optional.ts';
import { parseRequestURI } from './urls.ts';

/** A named string format and its validation. */
export interface NamedFormat {
  readonly name: string;
  readonly validate: (s: string) => string[];
  readonly maxRegexSize: number;
}

const uuidRe = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const dateRe = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimeRe = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
function validDate(y: string, m: string, d: string): boolean {
  const dt = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return dt.getUTCFullYear() === Number(y) && dt.getUTCMonth() === Number(m) - 1 && dt.getUTCDate() === Number(d);
}

/** format.go ConstantFormats. */
export const constantFormats: Readonly<Record<string, NamedFormat>> = {
  dns1123Label: { name: 'DNS1123Label', validate: (s) => nameIsDNSLabel(s, false), maxRegexSize: 30 },
  dns1123Subdomain: { name: 'DNS1123Subdomain', validate: (s) => nameIsDNSSubdomain(s, false), maxRegexSize: 60 },
  dns1035Label: { name: 'DNS1035Label', validate: (s) => nameIsDNS1035Label(s, false), maxRegexSize: 30 },
  qualifiedName: { name: 'QualifiedName', validate: (s) => isQualifiedName(s), maxRegexSize: 60 },
  dns1123LabelPrefix: { name: 'DNS1123LabelPrefix', validate: (s) => nameIsDNSLabel(s, true), maxRegexSize: 30 },
  dns1123SubdomainPrefix: { name: 'DNS1123SubdomainPrefix', validate: (s) => nameIsDNSSubdomain(s, true), maxRegexSize: 60 },
  dns1035LabelPrefix: { name: 'DNS1035LabelPrefix', validate: (s) => nameIsDNS1035Label(s, true), maxRegexSize: 30 },
  labelValue: { name: 'LabelValue', validate: (s) => isValidLabelValue(s), maxRegexSize: 40 },
  uri: {
    name: 'URI',
    validate: (s) => {
      try {
        parseRequestURI(s);
        return [];
      } catch (e) {
        return [(e as Error).message];
      }
    },
    maxRegexSize: 2048,
  },
  uuid: { name: 'uuid', validate: (s) => (uuidRe.test(s) ? [] : ['does not match the UUID format']), maxRegexSize: 89 },
  byte: {
    name: 'byte',
    validate: (s) => (/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s) ? [] : ['invalid base64']),
    maxRegexSize: 4096,
  },
  date: {
    name: 'date',
    validate: (s) => {
      const m = dateRe.exec(s);
      return m && validDate(m[1]!, m[2]!, m[3]!) ? [] : ['invalid date'];
    },
    maxRegexSize: 81,
  },
  datetime: {
    name: 'datetime',
    validate: (s) => {
      const m = dateTimeRe.exec(s);
      return m && validDate(m[1]!, m[2]!, m[3]!) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60 ? [] : ['invalid datetime'];
    },
    maxRegexSize: 81,
  },
};

function formatValue(f: NamedFormat) {
  return opaque('format', f, f.name);
}

/** kube's format library. */
export const formatLibrary: Library = {
  name: 'k8s.format',
  decls: [
    fn('format.named', [T.string], T.optional(T.format)),
    method('validate', T.format, [T.string], T.optional(T.list(T.string))),
    ...Object.keys(constantFormats).map((n) => fn(`format.${n}`, [], T.format)),
  ],
  funcs: [
    celFunc('format.named', [CelScalar.STRING], CelScalar.DYN, (name: string) => {
      const f = constantFormats[name];
      return optionalValue(f === undefined ? undefined : formatValue(f));
    }),
    ...Object.entries(constantFormats).map(([n, f]) => celFunc(`format.${n}`, [], CelScalar.DYN, () => formatValue(f))),
  ],
  opaque: [
    opaqueOverload<NamedFormat>('validate', true, 'format', 1, (f, s) => {
      const errs = f.validate(s as string);
      return optionalValue(errs.length ? celList(errs) : undefined);
    }),
  ],
};
