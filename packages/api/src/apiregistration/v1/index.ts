// apiregistration.k8s.io/v1: APIService (with `status`), from k8s.io/kube-aggregator.
import type { KindDefinition } from '../../kind.ts';
import { apiServiceKind } from './apiservice.ts';

export {
  APIService,
  APIServiceCondition,
  APIServiceServiceReference,
  APIServiceSpec,
  APIServiceStatus,
  apiServiceKind,
  apiregistrationGroupName,
  defaultAPIService,
  localAvailableCondition,
  validateAPIService,
  validateAPIServiceStatusUpdate,
  validateAPIServiceUpdate,
} from './apiservice.ts';

/** The kinds of apiregistration.k8s.io/v1 kapi serves. */
export const apiregistrationV1Kinds: readonly KindDefinition[] = [apiServiceKind as KindDefinition];
