// Behaviour of the validation helpers the workload kinds share (v1.33): k8s.io/kubernetes
// pkg/apis/apps/validation/validation.go (int-or-percent rules), pkg/apis/core/validation
// ValidateNonnegativeField / ValidateImmutableField, and k8s.io/apimachinery
// pkg/apis/meta/v1/validation ValidateLabelSelector + pkg/apis/meta/v1 LabelSelectorAsSelector.
// Values that kube prints with Go's %#v (selectors, label maps, IntOrString) are rendered here.
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  omitValue,
  quote,
  validateLabelRequirement,
  encodeMessage,
  protoMessageOf,
  type FieldError,
  type ProtoMessage,
} from '@kapi/apimachinery';
import { LabelSelector } from '../core/v1/index.ts';

const labelSelectorMessage = protoMessageOf(LabelSelector);

export { validateLabelSelector, type LabelSelectorValue } from '../meta/v1/label-selector-validation.ts';
import type { LabelSelectorValue } from '../meta/v1/label-selector-validation.ts';

/** An intstr.IntOrString in its JSON form. */
export type IntOrString = number | string;

// --- Go renderings ---------------------------------------------------------------------------

/** %#v of a map[string]string: keys sorted, `map[string]string{"a":"1", "b":"2"}`; absent is nil. */
export function goStringMap(m: Readonly<Record<string, string>> | undefined): string {
  if (m === undefined) return 'map[string]string(nil)';
  const keys = Object.keys(m).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return `map[string]string{${keys.map((k) => `${quote(k)}:${quote(m[k]!)}`).join(', ')}}`;
}

function goStrings(list: readonly string[] | undefined): string {
  return list === undefined ? '[]string(nil)' : `[]string{${list.map(quote).join(', ')}}`;
}

/** %#v of a metav1.LabelSelector (the value a *LabelSelector error prints). */
export function goLabelSelector(sel: LabelSelectorValue): string {
  const exprs =
    sel.matchExpressions === undefined
      ? '[]v1.LabelSelectorRequirement(nil)'
      : `[]v1.LabelSelectorRequirement{${sel.matchExpressions
          .map((e) => `v1.LabelSelectorRequirement{Key:${quote(e.key ?? '')}, Operator:${quote(e.operator ?? '')}, Values:${goStrings(e.values)}}`)
          .join(', ')}}`;
  return `v1.LabelSelector{MatchLabels:${goStringMap(sel.matchLabels)}, MatchExpressions:${exprs}}`;
}

/** %#v of an intstr.IntOrString value: `intstr.IntOrString{Type:1, IntVal:0, StrVal:"25%"}`. */
export function goIntOrString(v: IntOrString | undefined): string {
  return typeof v === 'string' ? `intstr.IntOrString{Type:1, IntVal:0, StrVal:${quote(v)}}` : `intstr.IntOrString{Type:0, IntVal:${v ?? 0}, StrVal:""}`;
}

/** An Invalid error whose value kube prints through Go's fmt: the rendering leads the detail. */
export function invalidGo(path: FieldPath | string, goText: string, detail: string): FieldError {
  return fieldErrors.invalid(path, omitValue, detail === '' ? goText : `${goText}: ${detail}`);
}

/** A NotSupported error whose value kube prints through Go's fmt. */
export function notSupportedGo(path: FieldPath | string, goText: string, valid: readonly string[]): FieldError {
  return { type: 'FieldValueNotSupported', field: String(path), badValue: omitValue, detail: `${goText}: supported values: ${valid.map(quote).join(', ')}` };
}

// --- Scalars ---------------------------------------------------------------------------------

/** ValidateNonnegativeField. */
export function validateNonnegative(value: number | undefined, path: FieldPath | string): FieldError[] {
  return value !== undefined && value < 0 ? [fieldErrors.invalid(path, value, 'must be greater than or equal to 0')] : [];
}

/**
 * apiequality.Semantic.DeepEqual of two values of a message: equal when gogo writes the same bytes
 * for both (absent and zero non-pointer fields alike, absent and empty lists and maps alike, nil and
 * zero pointers different, map order irrelevant, times compared to the second).
 */
export function semanticEqual(message: ProtoMessage, a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return Buffer.from(encodeMessage(message, a)).equals(encodeMessage(message, b));
}

/** ValidateImmutableField for a *metav1.LabelSelector. */
export function validateImmutableSelector(next: LabelSelectorValue | undefined, old: LabelSelectorValue | undefined, path: FieldPath | string): FieldError[] {
  if (semanticEqual(labelSelectorMessage, next as Record<string, unknown> | undefined, old as Record<string, unknown> | undefined)) return [];
  return [next === undefined ? fieldErrors.invalid(path, 'null', fieldImmutableErrorMsg) : invalidGo(path, goLabelSelector(next), fieldImmutableErrorMsg)];
}

// --- Label selectors -------------------------------------------------------------------------

/** A selector as kube evaluates it: `nothing` for a nil selector, `empty` for one that matches everything. */
export interface WorkloadSelector {
  readonly empty: boolean;
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
}

const selectorOps: Record<string, string> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * metav1.LabelSelectorAsSelector: nil selects nothing, an empty selector everything; undefined
 * when a requirement is invalid (an unknown operator, a bad key or value).
 */
export function labelSelectorAsSelector(sel: LabelSelectorValue | undefined): WorkloadSelector | undefined {
  if (sel === undefined) return { empty: false, matches: () => false };
  const labels = Object.entries(sel.matchLabels ?? {});
  const exprs = sel.matchExpressions ?? [];
  if (labels.length + exprs.length === 0) return { empty: true, matches: () => true };
  for (const [k, v] of labels) if (validateLabelRequirement(k, '=', [v]).length > 0) return undefined;
  for (const e of exprs) {
    const op = selectorOps[e.operator ?? ''];
    if (op === undefined || validateLabelRequirement(e.key ?? '', op, e.values ?? []).length > 0) return undefined;
  }
  return {
    empty: false,
    matches: (set) => {
      const has = (k: string) => set !== undefined && Object.hasOwn(set, k);
      if (!labels.every(([k, v]) => has(k) && set![k] === v)) return false;
      return exprs.every((e) => {
        const key = e.key ?? '';
        const values = e.values ?? [];
        switch (e.operator) {
          case 'In':
            return has(key) && values.includes(set![key]!);
          case 'NotIn':
            return !has(key) || !values.includes(set![key]!);
          case 'Exists':
            return has(key);
          default:
            return !has(key);
        }
      });
    },
  };
}

/** The error of a template whose labels the selector does not select. */
export function selectorMismatch(path: FieldPath, labels: Readonly<Record<string, string>> | undefined): FieldError {
  return invalidGo(path, goStringMap(labels), '`selector` does not match template `labels`');
}

// --- Int or percent --------------------------------------------------------------------------

const percentRe = /^[0-9]+%$/;
const percentMsg =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/** ValidatePositiveIntOrPercent. */
export function validatePositiveIntOrPercent(v: IntOrString | undefined, path: FieldPath): FieldError[] {
  if (typeof v === 'string') return percentRe.test(v) ? [] : [invalidGo(path, goIntOrString(v), percentMsg)];
  return validateNonnegative(v ?? 0, path);
}

/** getIntOrPercentValue: the number of a percent, else the int (a non-numeric string is 0). */
export function intOrPercentValue(v: IntOrString | undefined): number {
  if (typeof v === 'number') return v;
  if (v === undefined) return 0;
  if (percentRe.test(v)) return Number(v.slice(0, -1));
  return /^[+-]?[0-9]+$/.test(v) ? Number(v) : 0;
}

/** IsNotMoreThan100Percent. */
export function isNotMoreThan100Percent(v: IntOrString | undefined, path: FieldPath): FieldError[] {
  if (typeof v !== 'string' || !percentRe.test(v) || Number(v.slice(0, -1)) <= 100) return [];
  return [invalidGo(path, goIntOrString(v), 'must not be greater than 100%')];
}
