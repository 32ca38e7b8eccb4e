// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printPodDisruptionBudget (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

type PdbJson = { spec?: { minAvailable?: number | string; maxUnavailable?: number | string }; status?: { disruptionsAllowed?: number } };

/** IntOrString.String(), or N/A when unset. */
const intOrPercent = (v: number | string | undefined) => (v === undefined || v === null ? 'N/A' : String(v));

/** The printer of `poddisruptionbudgets`: NAME, MIN AVAILABLE, MAX UNAVAILABLE, ALLOWED DISRUPTIONS, AGE. */
export const podDisruptionBudgetPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Min Available', 'string', 'The minimum number of pods that must be available.'),
    column('Max Unavailable', 'string', 'The maximum number of pods that may be unavailable.'),
    column('Allowed Disruptions', 'integer', 'Calculated number of pods that may be disrupted at this time.'),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const pdb = obj as PdbJson;
    return [nameOf(obj), intOrPercent(pdb.spec?.minAvailable), intOrPercent(pdb.spec?.maxUnavailable), pdb.status?.disruptionsAllowed ?? 0, age(obj, now)];
  },
  emptyRowsAsArray: true,
};
