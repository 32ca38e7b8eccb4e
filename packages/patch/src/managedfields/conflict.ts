// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/conflict.go (v0.33): apply
// conflicts as the 409 Status kube answers, with one FieldManagerConflict cause per field.
import { failureStatus, newStatusError, quote, type StatusError } from '@kapi/apimachinery';
import { pathToString, type Conflict } from '@kapi/structured-merge-diff';

/** `"m"`, `"m" with subresource "scale"`, and for Update managers ` using apps/v1` (at the time, when known). */
export function printManager(manager: string): string {
  let who: Record<string, unknown>;
  try {
    const v = JSON.parse(manager) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return quote(manager);
    who = v as Record<string, unknown>;
  } catch {
    return quote(manager);
  }
  let s = quote(typeof who.manager === 'string' ? who.manager : '');
  if (typeof who.subresource === 'string' && who.subresource !== '') s = `${s} with subresource ${quote(who.subresource)}`;
  if (who.operation === 'Update') {
    const apiVersion = typeof who.apiVersion === 'string' ? who.apiVersion : '';
    if (typeof who.time !== 'string') return `${s} using ${apiVersion}`;
    return `${s} using ${apiVersion} at ${who.time}`;
  }
  return s;
}

/** The message kube gives an apply that conflicts. */
export function conflictMessage(conflicts: readonly Conflict[]): string {
  if (conflicts.length === 1) {
    const c = conflicts[0]!;
    return `Apply failed with 1 conflict: conflict with ${printManager(c.manager)}: ${pathToString(c.path)}`;
  }
  const byManager = new Map<string, string[]>();
  for (const c of conflicts) {
    const paths = byManager.get(c.manager) ?? [];
    paths.push(pathToString(c.path));
    byManager.set(c.manager, paths);
  }
  const lines: string[] = [];
  for (const manager of [...byManager.keys()].sort()) {
    lines.push(`conflicts with ${printManager(manager)}:`);
    for (const p of byManager.get(manager)!) lines.push(`- ${p}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}

/** The 409 Conflict Status of an apply conflict (kube's NewApplyConflict). */
export function newApplyConflictError(conflicts: readonly Conflict[]): StatusError {
  const causes = conflicts.map((c) => ({ reason: 'FieldManagerConflict', message: `conflict with ${printManager(c.manager)}`, field: pathToString(c.path) }));
  return newStatusError(failureStatus(409, 'Conflict', conflictMessage(conflicts), { causes }));
}
