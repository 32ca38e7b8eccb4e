// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printFlowSchema(List) and
// printPriorityLevelConfiguration (v1.33), and of pkg/apis/flowcontrol/util FlowSchemaSequence.
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

interface FlowSchemaJson {
  spec?: { priorityLevelConfiguration?: { name?: string }; matchingPrecedence?: number; distinguisherMethod?: { type?: string } };
  status?: { conditions?: { type?: string; status?: string }[] };
}

/** FlowSchemaSequence: by matchingPrecedence, then by name. */
export function sortFlowSchemas(objs: readonly KubeObject[]): KubeObject[] {
  const precedence = (o: KubeObject) => (o as FlowSchemaJson).spec?.matchingPrecedence ?? 0;
  return [...objs].sort((a, b) => {
    const d = precedence(a) - precedence(b);
    if (d !== 0) return d;
    const an = nameOf(a);
    const bn = nameOf(b);
    return an < bn ? -1 : an > bn ? 1 : 0;
  });
}

/**
 * The printer of `flowschemas`: NAME, PRIORITYLEVEL, MATCHINGPRECEDENCE, DISTINGUISHERMETHOD
 * (`<none>` without one), AGE, MISSINGPL (the status of the Dangling condition, `?` without it).
 * A list prints in FlowSchemaSequence order.
 */
export const flowSchemaPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('PriorityLevel', 'string', '`name` is the name of the priority level configuration being referenced Required.'),
    column(
      'MatchingPrecedence',
      'string',
      '`matchingPrecedence` is used to choose among the FlowSchemas that match a given request. The chosen FlowSchema is among those with the numerically lowest (which we take to be logically highest) MatchingPrecedence.  Each MatchingPrecedence value must be ranged in [1,10000]. Note that if the precedence is not specified, it will be set to 1000 as default.',
    ),
    column(
      'DistinguisherMethod',
      'string',
      '`distinguisherMethod` defines how to compute the flow distinguisher for requests that match this schema. `nil` specifies that the distinguisher is disabled and thus will always be the empty string.',
    ),
    ageColumn,
    column('MissingPL', 'string', 'references a broken or non-existent PriorityLevelConfiguration'),
  ],
  cells: (obj: KubeObject, now) => {
    const fs = obj as FlowSchemaJson;
    const dm = fs.spec?.distinguisherMethod;
    const dangling = (fs.status?.conditions ?? []).find((c) => c.type === 'Dangling');
    return [
      nameOf(obj),
      fs.spec?.priorityLevelConfiguration?.name ?? '',
      fs.spec?.matchingPrecedence ?? 0,
      dm ? (dm.type ?? '') : '<none>',
      age(obj, now),
      dangling ? (dangling.status ?? '') : '?',
    ];
  },
  sortObjects: sortFlowSchemas,
  emptyRowsAsArray: true,
};

interface PriorityLevelJson {
  spec?: {
    type?: string;
    limited?: { nominalConcurrencyShares?: number; limitResponse?: { queuing?: { queues?: number; handSize?: number; queueLengthLimit?: number } } };
  };
}

/**
 * The printer of `prioritylevelconfigurations`: NAME, TYPE, NOMINALCONCURRENCYSHARES, QUEUES,
 * HANDSIZE, QUEUELENGTHLIMIT, AGE; `<none>` where the level is not limited or does not queue.
 */
export const priorityLevelConfigurationPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column(
      'Type',
      'string',
      '`type` indicates whether this priority level is subject to limitation on request execution.  A value of `"Exempt"` means that requests of this priority level are not subject to a limit (and thus are never queued) and do not detract from the capacity made available to other priority levels.  A value of `"Limited"` means that (a) requests of this priority level _are_ subject to limits and (b) some of the server\'s limited capacity is made available exclusively to this priority level. Required.',
    ),
    column(
      'NominalConcurrencyShares',
      'string',
      '`nominalConcurrencyShares` (NCS) contributes to the computation of the NominalConcurrencyLimit (NominalCL) of this level. This is the number of execution seats available at this priority level. This is used both for requests dispatched from this priority level as well as requests dispatched from other priority levels borrowing seats from this level. The server\'s concurrency limit (ServerCL) is divided among the Limited priority levels in proportion to their NCS values:\n\nNominalCL(i)  = ceil( ServerCL * NCS(i) / sum_ncs ) sum_ncs = sum[priority level k] NCS(k)\n\nBigger numbers mean a larger nominal concurrency limit, at the expense of every other priority level.\n\nIf not specified, this field defaults to a value of 30.\n\nSetting this field to zero supports the construction of a "jail" for this priority level that is used to hold some request(s)',
    ),
    column(
      'Queues',
      'string',
      '`queues` is the number of queues for this priority level. The queues exist independently at each apiserver. The value must be positive.  Setting it to 1 effectively precludes shufflesharding and thus makes the distinguisher method of associated flow schemas irrelevant.  This field has a default value of 64.',
    ),
    column(
      'HandSize',
      'string',
      "`handSize` is a small positive number that configures the shuffle sharding of requests into queues.  When enqueuing a request at this priority level the request's flow identifier (a string pair) is hashed and the hash value is used to shuffle the list of queues and deal a hand of the size specified here.  The request is put into one of the shortest queues in that hand. `handSize` must be no larger than `queues`, and should be significantly smaller (so that a few heavy flows do not saturate most of the queues).  See the user-facing documentation for more extensive guidance on setting this field.  This field has a default value of 8.",
    ),
    column(
      'QueueLengthLimit',
      'string',
      '`queueLengthLimit` is the maximum number of requests allowed to be waiting in a given queue of this priority level at a time; excess requests are rejected.  This value must be positive.  If not specified, it will be defaulted to 50.',
    ),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const spec = (obj as PriorityLevelJson).spec ?? {};
    let shares: number | string = '<none>';
    let queues: number | string = '<none>';
    let handSize: number | string = '<none>';
    let queueLengthLimit: number | string = '<none>';
    if (spec.limited) {
      // The internal type's shares are an int32: an unset value prints as 0.
      shares = spec.limited.nominalConcurrencyShares ?? 0;
      const q = spec.limited.limitResponse?.queuing;
      if (q) {
        queues = q.queues ?? 0;
        handSize = q.handSize ?? 0;
        queueLengthLimit = q.queueLengthLimit ?? 0;
      }
    }
    return [nameOf(obj), spec.type ?? '', shares, queues, handSize, queueLengthLimit, age(obj, now)];
  },
  emptyRowsAsArray: true,
};
