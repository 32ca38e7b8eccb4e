// Behaviour of k8s.io/apimachinery pkg/apis/meta/v1/validation ValidateLabelSelector (v0.33): the
// rules of a metav1.LabelSelector, matchLabels first, then each requirement.
import { fieldErrors, isValidLabelValue, validateLabelName, validateLabels, type FieldError, type FieldPath } from '@kapi/apimachinery';

/** The JSON form of a metav1.LabelSelector. */
export interface LabelSelectorValue {
  matchLabels?: Record<string, string> | undefined;
  matchExpressions?: { key?: string | undefined; operator?: string | undefined; values?: string[] | undefined }[] | undefined;
}

/** ValidateLabelSelector; `allowInvalidLabelValue` is kube's AllowInvalidLabelValueInSelector option. */
export function validateLabelSelector(sel: LabelSelectorValue | undefined, path: FieldPath, allowInvalidLabelValue = false): FieldError[] {
  if (sel === undefined) return [];
  const errs = validateLabels(sel.matchLabels, path.child('matchLabels'));
  (sel.matchExpressions ?? []).forEach((expr, i) => {
    const at = path.child('matchExpressions').index(i);
    const values = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errs.push(fieldErrors.required(at.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errs.push(fieldErrors.forbidden(at.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(fieldErrors.invalid(at.child('operator'), expr.operator ?? '', 'not a valid selector operator'));
    }
    errs.push(...validateLabelName(expr.key ?? '', at.child('key')));
    if (!allowInvalidLabelValue) {
      values.forEach((v, j) => {
        for (const msg of isValidLabelValue(v)) errs.push(fieldErrors.invalid(at.child('values').index(j), v, msg));
      });
    }
  });
  return errs;
}

