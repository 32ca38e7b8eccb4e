// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/validation.go and complete.go (v0.33).
import { fieldErrorString, fieldErrors, type FieldError } from '@kapi/apimachinery';
import { goChild, goIndex, goKey, goPathArg, goPathString, type GoPath } from './internal/go-path.ts';
import { isIntOrStringAllOf, isIntOrStringAnyOf, type NestedValueValidation, type Structural, type ValueValidation } from './structural.ts';
import { compileGoRegexp } from './internal/go-regexp.ts';
import { compareGoStrings } from './internal/json.ts';

export type { GoPath } from './internal/go-path.ts';

/** The switches of ValidateStructuralWithOptions; CRDs use none of them (all false). */
export interface StructuralValidationOptions {
  /** additionalProperties may appear under allOf, anyOf, oneOf and not. */
  allowNestedAdditionalProperties?: boolean;
  /** x-kubernetes-validations may appear under allOf (never under anyOf, oneOf or not). */
  allowNestedXValidations?: boolean;
  /** Value validations may name properties the structure only covers through additionalProperties. */
  allowValidationPropertiesWithAdditionalProperties?: boolean;
}

type Level = 'root' | 'item' | 'field';

const child = goChild;
const key = goKey;
const index = goIndex;
const str = goPathString;

/**
 * ValidateStructural: whether `s` is a structural schema, with kube's field errors sorted by their
 * text. The invariants: a type at every specified level (except under int-or-string or
 * preserve-unknown-fields), items for arrays, no additionalProperties at the root, embedded
 * resources are objects with properties or preserve-unknown-fields, metadata at the root restricts
 * only name and generateName, value validations under allOf/anyOf/oneOf/not set no type, default,
 * title, description, nullable or vendor extension (the int-or-string patterns excepted), name
 * nothing the structure lacks (completeness), and patterns compile.
 */
export function validateStructural(path: GoPath, s: Structural | undefined, opts: StructuralValidationOptions = {}): FieldError[] {
  if (s === undefined) return [];
  const errs = [...invariants(s, 'root', path, opts), ...valueValidationCompleteness(s.valueValidation, s, path, path, opts)];
  return errs.sort((a, b) => compareGoStrings(fieldErrorString(a), fieldErrorString(b)));
}


function invariants(s: Structural, lvl: Level, path: GoPath, opts: StructuralValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const type = s.type ?? '';
  if (type === 'array' && s.items === undefined) errs.push(fieldErrors.required(child(path, 'items'), 'must be specified'));
  if (s.items) errs.push(...invariants(s.items, 'item', child(path, 'items'), opts));
  for (const [k, p] of Object.entries(s.properties ?? {})) errs.push(...invariants(p, 'field', key(child(path, 'properties'), k), opts));
  if (s.additionalProperties) {
    if (lvl === 'root') errs.push(fieldErrors.forbidden(child(path, 'additionalProperties'), 'must not be used at the root'));
    const ap = s.additionalProperties.structural;
    if (ap) errs.push(...invariants(ap, 'field', child(path, 'additionalProperties'), opts));
  }
  if (s.xIntOrString && s.xPreserveUnknownFields) {
    errs.push(fieldErrors.invalid(child(path, 'x-kubernetes-preserve-unknown-fields'), true, 'must be false if x-kubernetes-int-or-string is true'));
  }
  if (s.xIntOrString && s.xEmbeddedResource) {
    errs.push(fieldErrors.invalid(child(path, 'x-kubernetes-embedded-resource'), true, 'must be false if x-kubernetes-int-or-string is true'));
  }
  errs.push(...valueValidation(s.valueValidation, isIntOrStringAnyOf(s.valueValidation?.anyOf), isIntOrStringAllOf(s), path, opts));

  const checkMetadata = lvl === 'root' || s.xEmbeddedResource === true;
  if (s.xEmbeddedResource && type !== 'object') {
    errs.push(
      type === ''
        ? fieldErrors.required(child(path, 'type'), 'must be object if x-kubernetes-embedded-resource is true')
        : fieldErrors.invalid(child(path, 'type'), type, 'must be object if x-kubernetes-embedded-resource is true'),
    );
  } else if (type === '' && !s.xIntOrString && !s.xPreserveUnknownFields) {
    const where = { root: 'at the root', item: 'for specified array items', field: 'for specified object fields' }[lvl];
    errs.push(fieldErrors.required(child(path, 'type'), `must not be empty ${where}`));
  }
  if (s.xEmbeddedResource && s.additionalProperties) {
    errs.push(fieldErrors.forbidden(child(path, 'additionalProperties'), 'must not be used if x-kubernetes-embedded-resource is set'));
  }
  if (lvl === 'root' && type !== '' && type !== 'object') errs.push(fieldErrors.invalid(child(path, 'type'), type, 'must be object at the root'));

  const props = s.properties ?? {};
  for (const name of ['kind', 'apiVersion']) {
    const p = Object.hasOwn(props, name) ? props[name] : undefined;
    if (p && checkMetadata && p.type !== 'string') {
      errs.push(fieldErrors.invalid(child(key(child(path, 'properties'), name), 'type'), p.type ?? '', 'must be string'));
    }
  }
  const metadata = Object.hasOwn(props, 'metadata') ? props.metadata : undefined;
  if (metadata) errs.push(...metadataInvariants(metadata, checkMetadata, lvl, key(child(path, 'properties'), 'metadata')));
  if (s.xEmbeddedResource && !s.xPreserveUnknownFields && Object.keys(props).length === 0) {
    errs.push(fieldErrors.required(child(path, 'properties'), 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
  return errs;
}

/** At the root only name and generateName of metadata may be restricted; elsewhere metadata must be an object. */
function metadataInvariants(s: Structural, checkMetadata: boolean, lvl: Level, path: GoPath): FieldError[] {
  const errs: FieldError[] = [];
  if (checkMetadata && s.type !== 'object') errs.push(fieldErrors.invalid(child(path, 'type'), s.type ?? '', 'must be object'));
  if (lvl === 'root') {
    const { type: _type, default: _default, valueValidation: vv, properties, ...rest } = s;
    const names = Object.keys(properties ?? {});
    const onlyNames = names.length > 0 && names.length <= 2 && names.every((n) => n === 'name' || n === 'generateName');
    const restSet = Object.values(rest).some((v) => v !== undefined && v !== false && v !== '');
    const vvSet = vv !== undefined && Object.values(vv).some((v) => v !== undefined && v !== false && v !== '');
    if (restSet || vvSet || (properties !== undefined && !onlyNames)) {
      errs.push(fieldErrors.forbidden(str(path), 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
    }
  }
  return errs;
}

function valueValidation(v: ValueValidation | undefined, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: GoPath, opts: StructuralValidationOptions): FieldError[] {
  if (v === undefined) return [];
  const errs: FieldError[] = [];
  // CEL rules are only ever allowed under allOf.
  const noCel = { ...opts, allowNestedXValidations: false };
  if (!skipAnyOf) (v.anyOf ?? []).forEach((n, i) => errs.push(...nested(n, false, index(child(path, 'anyOf'), i), noCel)));
  (v.allOf ?? []).forEach((n, i) => errs.push(...nested(n, skipFirstAllOfAnyOf && i === 0, index(child(path, 'allOf'), i), opts)));
  (v.oneOf ?? []).forEach((n, i) => errs.push(...nested(n, false, index(child(path, 'oneOf'), i), noCel)));
  if (v.not) errs.push(...nested(v.not, false, child(path, 'not'), noCel));
  if (v.pattern) {
    try {
      compileGoRegexp(v.pattern);
    } catch (e) {
      errs.push(fieldErrors.invalid(child(path, 'pattern'), v.pattern, `must be a valid regular expression, but isn't: ${(e as Error).message}`));
    }
  }
  return errs;
}

function nested(v: NestedValueValidation, skipAnyOf: boolean, path: GoPath, opts: StructuralValidationOptions): FieldError[] {
  const errs = valueValidation(v, skipAnyOf, false, path, opts);
  if (v.items) errs.push(...nested(v.items, false, child(path, 'items'), opts));
  for (const [k, p] of Object.entries(v.properties ?? {})) errs.push(...nested(p, false, key(child(path, 'properties'), k), opts));
  const g = v.forbiddenGenerics;
  const x = v.forbiddenExtensions;
  if (g.type) errs.push(fieldErrors.forbidden(child(path, 'type'), 'must be empty to be structural'));
  if (v.additionalProperties && !opts.allowNestedAdditionalProperties) {
    errs.push(fieldErrors.forbidden(child(path, 'additionalProperties'), 'must be undefined to be structural'));
  } else if (v.additionalProperties) {
    errs.push(...nested(v.additionalProperties, false, child(path, 'additionalProperties'), opts));
  }
  if (g.default !== undefined && g.default !== null) errs.push(fieldErrors.forbidden(child(path, 'default'), 'must be undefined to be structural'));
  if (g.title) errs.push(fieldErrors.forbidden(child(path, 'title'), 'must be empty to be structural'));
  if (g.description) errs.push(fieldErrors.forbidden(child(path, 'description'), 'must be empty to be structural'));
  if (g.nullable) errs.push(fieldErrors.forbidden(child(path, 'nullable'), 'must be false to be structural'));
  if (x.xPreserveUnknownFields) errs.push(fieldErrors.forbidden(child(path, 'x-kubernetes-preserve-unknown-fields'), 'must be false to be structural'));
  if (x.xEmbeddedResource) errs.push(fieldErrors.forbidden(child(path, 'x-kubernetes-embedded-resource'), 'must be false to be structural'));
  if (x.xIntOrString) errs.push(fieldErrors.forbidden(child(path, 'x-kubernetes-int-or-string'), 'must be false to be structural'));
  if ((x.xListMapKeys ?? []).length > 0) errs.push(fieldErrors.forbidden(child(path, 'x-kubernetes-list-map-keys'), 'must be empty to be structural'));
  if (x.xListType !== undefined) errs.push(fieldErrors.forbidden(child(path, 'x-kubernetes-list-type'), 'must be undefined to be structural'));
  if (x.xMapType !== undefined) errs.push(fieldErrors.forbidden(child(path, 'x-kubernetes-map-type'), 'must be undefined to be structural'));
  if ((v.xValidations ?? []).length > 0 && !opts.allowNestedXValidations) {
    errs.push(fieldErrors.forbidden(child(path, 'x-kubernetes-validations'), 'must be empty to be structural'));
  }
  if (v.properties && Object.hasOwn(v.properties, 'metadata')) {
    errs.push(fieldErrors.forbidden(key(child(path, 'properties'), 'metadata'), 'must not be specified in a nested context'));
  }
  return errs;
}

// --- completeness: every property and items a value validation names exists in the structure ---

const missing = (sPath: GoPath, vPath: GoPath) => fieldErrors.required(goPathArg(sPath), `because it is defined in ${str(vPath)}`);

function valueValidationCompleteness(v: ValueValidation | undefined, s: Structural | undefined, sPath: GoPath, vPath: GoPath, opts: StructuralValidationOptions): FieldError[] {
  if (v === undefined) return [];
  if (s === undefined) return [missing(sPath, vPath)];
  const errs: FieldError[] = [];
  if (v.not) errs.push(...nestedCompleteness(v.not, s, sPath, child(vPath, 'not'), opts));
  (v.allOf ?? []).forEach((n, i) => errs.push(...nestedCompleteness(n, s, sPath, index(child(vPath, 'allOf'), i), opts)));
  (v.anyOf ?? []).forEach((n, i) => errs.push(...nestedCompleteness(n, s, sPath, index(child(vPath, 'anyOf'), i), opts)));
  (v.oneOf ?? []).forEach((n, i) => errs.push(...nestedCompleteness(n, s, sPath, index(child(vPath, 'oneOf'), i), opts)));
  return errs;
}

function nestedCompleteness(v: NestedValueValidation | undefined, s: Structural | undefined, sPath: GoPath, vPath: GoPath, opts: StructuralValidationOptions): FieldError[] {
  if (v === undefined) return [];
  if (s === undefined) return [missing(sPath, vPath)];
  const errs = valueValidationCompleteness(v, s, sPath, vPath, opts);
  errs.push(...nestedCompleteness(v.items, s.items, child(sPath, 'items'), child(vPath, 'items'), opts));
  const sAdditional = s.additionalProperties?.structural;
  const sProps = s.properties ?? {};
  for (const [k, vp] of Object.entries(v.properties ?? {})) {
    const sp = Object.hasOwn(sProps, k) ? sProps[k] : undefined;
    if (sp) errs.push(...nestedCompleteness(vp, sp, key(child(sPath, 'properties'), k), key(child(vPath, 'properties'), k), opts));
    else if (sAdditional === undefined || !opts.allowValidationPropertiesWithAdditionalProperties) {
      errs.push(missing(key(child(sPath, 'properties'), k), key(child(vPath, 'properties'), k)));
    } else {
      errs.push(...nestedCompleteness(vp, sAdditional, child(sPath, 'additionalProperties'), key(child(vPath, 'properties'), k), opts));
    }
  }
  if (v.additionalProperties && opts.allowNestedAdditionalProperties) {
    errs.push(...nestedCompleteness(v.additionalProperties, sAdditional, child(sPath, 'additionalProperties'), child(vPath, 'additionalProperties'), opts));
  }
  return errs;
}
