// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printRuntimeClass (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

/** The printer of `runtimeclasses`: NAME, HANDLER, AGE (upstream describes HANDLER with an ObjectMeta doc key that does not exist: empty). */
export const runtimeClassPrinter: TableConvertor = {
  columns: [nameColumn, column('Handler', 'string', ''), ageColumn],
  cells: (obj: KubeObject, now) => [nameOf(obj), (obj.handler as string | undefined) ?? '', age(obj, now)],
  emptyRowsAsArray: true,
};
