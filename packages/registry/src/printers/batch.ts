// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printJob and
// printCronJob (v1.33).
import { humanDuration, type KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import {
  ageColumn,
  column,
  containersColumn,
  formatLabelSelector,
  imagesColumn,
  layoutContainerCells,
  nameColumn,
  nameOf,
  since,
  timeOf,
  type LabelSelectorJson,
  type PodTemplateJson,
} from './format.ts';

interface JobSpecJson {
  completions?: number | null;
  parallelism?: number | null;
  selector?: LabelSelectorJson | null;
  template?: PodTemplateJson;
}

interface JobJson extends KubeObject {
  spec?: JobSpecJson;
  status?: {
    succeeded?: number;
    startTime?: string | null;
    completionTime?: string | null;
    conditions?: { type?: string; status?: string }[] | null;
  };
}

export const jobColumns = [
  nameColumn,
  column('Status', 'string', 'Status of the job.'),
  column('Completions', 'string', 'How many pods succeeded, of how many the job needs.'),
  column('Duration', 'string', 'Time required to complete the job.'),
  ageColumn,
  containersColumn,
  imagesColumn,
  column('Selector', 'string', 'The label selector of the pods the job manages.', 1),
] as const;

/** hasJobCondition: the first condition of the type decides. */
function hasJobCondition(job: JobJson, type: string): boolean {
  const first = (job.status?.conditions ?? []).find((c) => c.type === type);
  return first?.status === 'True';
}

function jobStatus(job: JobJson): string {
  if (hasJobCondition(job, 'Complete')) return 'Complete';
  if (hasJobCondition(job, 'Failed')) return 'Failed';
  if (job.metadata?.deletionTimestamp != null) return 'Terminating';
  if (hasJobCondition(job, 'Suspended')) return 'Suspended';
  if (hasJobCondition(job, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

function completions(job: JobJson): string {
  const succeeded = job.status?.succeeded ?? 0;
  const spec = job.spec ?? {};
  if (spec.completions != null) return `${succeeded}/${spec.completions}`;
  const parallelism = spec.parallelism ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** Empty before the job starts; the time so far while it runs; start to completion once complete. */
function jobDuration(job: JobJson, now: number): string {
  const start = timeOf(job.status?.startTime);
  if (start === undefined) return '';
  const completion = timeOf(job.status?.completionTime);
  return humanDuration((completion ?? now) - start);
}

/** The cells of one job: NAME, STATUS, COMPLETIONS, DURATION, AGE, CONTAINERS, IMAGES, SELECTOR. */
export function jobCells(obj: KubeObject, now: number): unknown[] {
  const job = obj as JobJson;
  const [containers, images] = layoutContainerCells(job.spec?.template?.spec?.containers);
  return [
    nameOf(obj),
    jobStatus(job),
    completions(job),
    jobDuration(job, now),
    age(obj, now),
    containers,
    images,
    formatLabelSelector(job.spec?.selector),
  ];
}

export const jobPrinter: TableConvertor = { columns: jobColumns, cells: jobCells, emptyRowsAsArray: true };

interface CronJobJson extends KubeObject {
  spec?: { schedule?: string; timeZone?: string | null; suspend?: boolean | null; jobTemplate?: { spec?: JobSpecJson } };
  status?: { active?: unknown[] | null; lastScheduleTime?: string | null };
}

export const cronJobColumns = [
  nameColumn,
  column('Schedule', 'string', 'The schedule in cron format.'),
  column('Timezone', 'string', 'The time zone the schedule is interpreted in.'),
  column('Suspend', 'boolean', 'Whether later executions are suspended.'),
  column('Active', 'integer', 'How many jobs are running.'),
  column('Last Schedule', 'string', 'When a job was last scheduled.'),
  ageColumn,
  containersColumn,
  imagesColumn,
  column('Selector', 'string', 'The label selector of the pods of the jobs.', 1),
] as const;

/** printBoolPtr: `True`, `False`, or `<unset>`. */
function boolPtr(value: boolean | null | undefined): string {
  if (value == null) return '<unset>';
  return value ? 'True' : 'False';
}

/** The cells of one cron job: NAME, SCHEDULE, TIMEZONE, SUSPEND, ACTIVE, LAST SCHEDULE, AGE, CONTAINERS, IMAGES, SELECTOR. */
export function cronJobCells(obj: KubeObject, now: number): unknown[] {
  const cj = obj as CronJobJson;
  const spec = cj.spec ?? {};
  const lastSchedule = cj.status?.lastScheduleTime != null ? since(cj.status.lastScheduleTime, now) : '<none>';
  const jobSpec = spec.jobTemplate?.spec;
  const [containers, images] = layoutContainerCells(jobSpec?.template?.spec?.containers);
  return [
    nameOf(obj),
    spec.schedule ?? '',
    spec.timeZone ?? '<none>',
    // The served object is defaulted: batch/v1 sets suspend to false.
    boolPtr(spec.suspend ?? false),
    (cj.status?.active ?? []).length,
    lastSchedule,
    age(obj, now),
    containers,
    images,
    formatLabelSelector(jobSpec?.selector),
  ];
}

export const cronJobPrinter: TableConvertor = { columns: cronJobColumns, cells: cronJobCells, emptyRowsAsArray: true };
