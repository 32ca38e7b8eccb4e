// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printPriorityClass (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

/** The printer of `priorityclasses`: NAME, VALUE, GLOBAL-DEFAULT, AGE, PREEMPTIONPOLICY. */
export const priorityClassPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Value', 'integer', 'value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.'),
    column(
      'Global-Default',
      'boolean',
      'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.',
    ),
    ageColumn,
    column('PreemptionPolicy', 'string', 'preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.'),
  ],
  cells: (obj: KubeObject, now) => [nameOf(obj), (obj.value as number | undefined) ?? 0, (obj.globalDefault as boolean | undefined) ?? false, age(obj, now), (obj.preemptionPolicy as string | undefined) ?? ''],
  emptyRowsAsArray: true,
};
