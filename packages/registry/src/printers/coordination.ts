// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printLease (v1.33).
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

export const leaseColumns = [nameColumn, column('Holder', 'string', 'The identity of the current holder of the lease.'), ageColumn] as const;

/** The printer of `leases`: NAME, HOLDER (empty when nobody holds it), AGE. */
export const leasePrinter: TableConvertor = {
  columns: leaseColumns,
  cells: (obj, now) => [nameOf(obj), (obj.spec as { holderIdentity?: string | null } | undefined)?.holderIdentity ?? '', age(obj, now)],
  emptyRowsAsArray: true,
};
