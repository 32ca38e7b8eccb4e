// Writes rbac-policy.ts beside this file from kube's bootstrap policy test data
// (apps/apiserver/test/fixtures/bootstrappolicy/*.yaml): each file's items, without
// creationTimestamp and null fields. Run from the repository root:
//   node --conditions=@kapi/source --import tsx apps/apiserver/src/bootstrap/generated/generate.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { yamlToJson } from '@kapi/apimachinery';

const fixtures = new URL('../../../test/fixtures/bootstrappolicy/', import.meta.url);
const files = [
  ['clusterRoles', 'cluster-roles.yaml'],
  ['clusterRoleBindings', 'cluster-role-bindings.yaml'],
  ['roles', 'namespace-roles.yaml'],
  ['roleBindings', 'namespace-role-bindings.yaml'],
  ['controllerRoles', 'controller-roles.yaml'],
  ['controllerRoleBindings', 'controller-role-bindings.yaml'],
] as const;

function clean(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clean);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== null && k !== 'creationTimestamp') out[k] = clean(x);
  return out;
}

let text = `// GENERATED from apps/apiserver/test/fixtures/bootstrappolicy/*.yaml (kube's bootstrap policy test
// data, see the README there) by generate.ts beside this file; regenerate rather than edit.
import type { KubeObject } from '@kapi/apimachinery';
`;
for (const [name, file] of files) {
  const items = (yamlToJson(readFileSync(new URL(file, fixtures), 'utf8')) as { items: unknown[] }).items.map(clean);
  text += `\nexport const ${name}: readonly KubeObject[] = ${JSON.stringify(items, null, 2)};\n`;
}
writeFileSync(fileURLToPath(new URL('./rbac-policy.ts', import.meta.url)), text);
