// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/multiple_appliers_test.go (v4.6.0): the
// test converters (repeatingConverter, renamingConverter, reliantFieldsConverter,
// versionDoesntMatchTypenameConverter).
import { stringify } from 'yaml';
import type { Converter } from '../../src/merge/update.ts';
import type { Parser } from '../../src/testing/index.ts';
import type { TypedValue } from '../../src/typed/typed.ts';
import { multiversionWithReliantFieldsParser, versionDoesntMatchTypeName } from './parsers.ts';

/** The error of a version the test converters do not know (Go compares it by identity). */
export const missingVersionError = new Error('cannot convert to invalid version');

/** Go's yaml.Marshal of an unstructured value: keys sorted, two-space indentation. */
function marshal(v: unknown): string {
  return stringify(v, { sortMapEntries: true, indent: 2 });
}

function countLeadingSpace(line: string): number {
  let spaces = 0;
  while (line[spaces] === ' ') spaces++;
  return spaces;
}

/**
 * Repeats every single-letter key (below the first line) n times in version `vn`: `a` in v1 is
 * `aa` in v2. Only for maps of maps with single-letter keys.
 */
export function repeatingConverter(parser: Parser): Converter {
  return {
    convert(v: TypedValue, version: string): TypedValue {
      if (version.length < 2 || version[0] !== 'v') throw missingVersionError;
      const digits = version.slice(1);
      if (!/^[+-]?\d+$/.test(digits)) throw missingVersionError;
      const versionNumber = Number.parseInt(digits, 10);
      const lines = marshal(v.asValue()).split('\n');
      let str2 = '';
      for (const [i, line] of lines.entries()) {
        if (i === 0) {
          str2 = line;
          continue;
        }
        const spaces = ' '.repeat(countLeadingSpace(line));
        if (spaces.length === 0) break;
        const c = line.slice(spaces.length, spaces.length + 1).repeat(versionNumber);
        str2 = `${str2}\n${spaces}${c}:`;
      }
      return parser.type(version).fromYAML(str2);
    },
    isMissingVersionError: (err) => err === missingVersionError,
  };
}

/** `v` with the suffix `oldSuffix` of every map key replaced by `newSuffix`. */
function renameFields(v: unknown, oldSuffix: string, newSuffix: string): unknown {
  if (Array.isArray(v)) return v.map((item) => renameFields(item, oldSuffix, newSuffix));
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(v)) {
      const renamed = key.endsWith(oldSuffix) ? key.slice(0, key.length - oldSuffix.length) + newSuffix : key;
      out[renamed] = renameFields(value, oldSuffix, newSuffix);
    }
    return out;
  }
  return v;
}

/**
 * Renames fields by their version suffix: `name_v1` in v1 is `name_v2` in v2; fields without a
 * suffix are the same in all versions. Types are looked up by version name in `parser`.
 */
export function renamingConverter(parser: Parser): Converter {
  return {
    convert(v: TypedValue, version: string): TypedValue {
      const inVersion = v.typeRef.namedType ?? '';
      return parser.type(version).fromUnstructured(renameFields(v.asValue(), inVersion, version));
    },
    isMissingVersionError: (err) => err === missingVersionError,
  };
}

/**
 * Converts v2 to v1 through `required_field_bar`; without that field the conversion fails. Only for
 * `multiversionWithReliantFieldsParser`.
 */
export const reliantFieldsConverter: Converter = {
  convert(v: TypedValue, version: string): TypedValue {
    const inVersion = v.typeRef.namedType ?? '';
    if (inVersion === version) return v;
    const inStr = marshal(v.asValue());
    let outStr: string;
    switch (version) {
      case 'v1':
        if (!inStr.includes('required_field_bar')) throw new Error('missing requried field bar');
        outStr = inStr.replaceAll('required_field_bar', 'field_foo_rely_on_bar');
        break;
      case 'v2':
        outStr = inStr.replaceAll('field_foo_rely_on_bar', 'required_field_bar');
        break;
      default:
        throw missingVersionError;
    }
    return multiversionWithReliantFieldsParser.type(version).fromYAML(outStr);
  },
  isMissingVersionError: (err) => err === missingVersionError,
};

/** {@link reliantFieldsConverter} for types named TypeV1 / TypeV2 rather than after the versions. */
export const versionDoesntMatchTypenameConverter: Converter = {
  convert(v: TypedValue, version: string): TypedValue {
    let inVersion: string;
    switch (v.typeRef.namedType) {
      case 'TypeV1':
        inVersion = 'v1';
        break;
      case 'TypeV2':
        inVersion = 'v2';
        break;
      default:
        throw new Error(`Invalid typename: ${JSON.stringify(version)}, should be one of ["TypeV1", "TypeV2"]`);
    }
    if (inVersion === version) return v;
    const inStr = marshal(v.asValue());
    let outStr: string;
    let outType: string;
    switch (version) {
      case 'v1':
        if (!inStr.includes('required_field_bar')) throw new Error('missing requried field bar');
        outType = 'TypeV1';
        outStr = inStr.replaceAll('required_field_bar', 'field_foo_rely_on_bar');
        break;
      case 'v2':
        outType = 'TypeV2';
        outStr = inStr.replaceAll('field_foo_rely_on_bar', 'required_field_bar');
        break;
      default:
        throw missingVersionError;
    }
    return versionDoesntMatchTypeName.type(outType).fromYAML(outStr);
  },
  isMissingVersionError: (err) => err === missingVersionError,
};
