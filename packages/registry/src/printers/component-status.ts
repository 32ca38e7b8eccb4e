// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printComponentStatus (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import type { TableConvertor } from '../table-convertor.ts';
import { column, nameColumn, nameOf } from './format.ts';

type ComponentStatusJson = { conditions?: { type?: string; status?: string; message?: string; error?: string }[] };

/** The printer of `componentstatuses`: NAME, STATUS (from the Healthy condition), MESSAGE, ERROR. */
export const componentStatusPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Status', 'string', 'Status of the component conditions'),
    column('Message', 'string', 'Message of the component conditions'),
    column('Error', 'string', 'Error of the component conditions'),
  ],
  cells: (obj: KubeObject) => {
    let status = 'Unknown';
    let message = '';
    let error = '';
    const healthy = (obj as ComponentStatusJson).conditions?.find((c) => c.type === 'Healthy');
    if (healthy !== undefined) {
      status = healthy.status === 'True' ? 'Healthy' : 'Unhealthy';
      message = healthy.message ?? '';
      error = healthy.error ?? '';
    }
    return [nameOf(obj), status, message, error];
  },
  emptyRowsAsArray: true,
};
