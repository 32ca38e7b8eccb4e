// Behaviour of k8s.io/kubernetes pkg/registry/certificates/certificates/strategy.go and storage
// (v1.33): a CertificateSigningRequest is immutable after creation except through `status` (the
// certificate and non-approval conditions) and `approval` (the conditions); a create clears the
// status; condition timestamps are filled in by the subresources; `spec.signerName` is a field
// selector; stored under `/registry/certificatesigningrequests`. kube sets spec.username, uid,
// groups and extra from the authenticated user on create: kapi has no authentication yet, so they
// stay as the client sent them.
import {
  certificateSigningRequestKind,
  validateCertificateSigningRequestApprovalUpdate,
  validateCertificateSigningRequestStatusUpdate,
  type CertificateSigningRequest,
  type KindDefinition,
} from '@kapi/api';
import { formatTime, type KubeObject } from '@kapi/apimachinery';
import { defaultAttrs, type StorageInterface } from '@kapi/storage';
import type { BuiltinResource } from './builtin-resource.ts';
import { createGenericStore } from './generic-store.ts';
import { certificateSigningRequestPrinter } from './printers/certificates.ts';
import type { ResourceInfo } from './resource.ts';
import type { Subresource } from './scale.ts';
import type { RESTStrategy } from './strategy.ts';

type Csr = CertificateSigningRequest;

const keepSpec = (obj: KubeObject, old: KubeObject) => {
  if (old.spec !== undefined) obj.spec = old.spec;
  else delete obj.spec;
};

/** populateConditionTimestamps: a missing lastUpdateTime is now; a missing lastTransitionTime is the old one of the same type and status, else now. */
export function populateConditionTimestamps(csr: Csr, old: Csr, now: Date = new Date()): void {
  const ts = formatTime(now);
  for (const c of csr.status?.conditions ?? []) {
    if (c.lastUpdateTime == null || c.lastUpdateTime === '') c.lastUpdateTime = ts;
    if (c.lastTransitionTime == null || c.lastTransitionTime === '') {
      const prior = (old.status?.conditions ?? []).find((o) => o.type === c.type && o.status === c.status && o.lastTransitionTime != null && o.lastTransitionTime !== '');
      c.lastTransitionTime = prior?.lastTransitionTime ?? ts;
    }
  }
}

/** preserveConditionInstances: the stored Approved/Denied conditions replace the new ones, when as many. */
function preserveConditionInstances(csr: Csr, old: Csr, type: string): void {
  const conds = csr.status?.conditions ?? [];
  const oldConds = old.status?.conditions ?? [];
  const newIdx = conds.flatMap((c, i) => (c.type === type ? [i] : []));
  const oldIdx = oldConds.flatMap((c, i) => (c.type === type ? [i] : []));
  if (newIdx.length !== oldIdx.length) return;
  oldIdx.forEach((o, i) => {
    conds[newIdx[i]!] = oldConds[o]!;
  });
}

const csrStrategy: Partial<RESTStrategy> = {
  resetFields: [['spec'], ['status']],
  prepareForCreate(obj) {
    // Users cannot create pre-approved requests.
    obj.status = {};
  },
  prepareForUpdate(obj, old) {
    keepSpec(obj, old);
    if (old.status !== undefined) obj.status = old.status;
    else delete obj.status;
  },
  getAttrs: (obj) => {
    const base = defaultAttrs(obj);
    return { labels: base.labels, fields: { ...base.fields, 'spec.signerName': String((obj.spec as { signerName?: string } | undefined)?.signerName ?? '') } };
  },
  selectableFields: ['metadata.name', 'spec.signerName'],
};

const csrStatusStrategy: Partial<RESTStrategy> = {
  resetFields: [['spec'], ['status', 'conditions']],
  prepareForUpdate(obj, old) {
    keepSpec(obj, old);
    const csr = obj as Csr;
    preserveConditionInstances(csr, old as Csr, 'Approved');
    preserveConditionInstances(csr, old as Csr, 'Denied');
    populateConditionTimestamps(csr, old as Csr);
  },
  validateUpdate: (obj, old) => validateCertificateSigningRequestStatusUpdate(obj as Csr, old as Csr),
};

/** The `approval` subresource: an update changes the conditions only. */
function csrSubresources(info: ResourceInfo, storage: StorageInterface, base: RESTStrategy): Record<string, Subresource> {
  const approval = createGenericStore({
    info,
    storage,
    strategy: {
      ...base,
      resetFields: [['spec'], ['status', 'certificate']],
      prepareForUpdate(obj, old) {
        const csr = obj as Csr;
        populateConditionTimestamps(csr, old as Csr);
        const conditions = csr.status?.conditions;
        keepSpec(obj, old);
        const status: Record<string, unknown> = { ...((old.status as object | undefined) ?? {}) };
        if (conditions !== undefined) status.conditions = conditions;
        else delete status.conditions;
        obj.status = status;
      },
      validateUpdate: (obj, old) => validateCertificateSigningRequestApprovalUpdate(obj as Csr, old as Csr),
    },
  });
  return { approval: { ...approval, verbs: ['get', 'patch', 'update'] } };
}

/** CertificateSigningRequests with kube's printer and their `status` and `approval` subresources. */
export function certificatesResources(): BuiltinResource[] {
  return [
    {
      definition: certificateSigningRequestKind as KindDefinition,
      strategy: csrStrategy,
      table: certificateSigningRequestPrinter,
      status: true,
      statusStrategy: csrStatusStrategy,
      subresources: csrSubresources,
    },
  ];
}
