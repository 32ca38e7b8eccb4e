// Follows k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation.go ValidFieldPath (v0.33): a rule's
// `fieldPath` (`.spec.foo`, `.spec['a.b']`) resolved against the schema, normalized as a field path.
import { additionalPropertiesOf, type CelSchema } from './schema.ts';

/** Returns the normalized path (`spec.foo`, `spec[a.b]`) or throws with kube's reason. */
export function validFieldPath(jsonPath: string, schema: CelSchema): string {
  const tokens: string[] = [];
  for (let i = 0; i < jsonPath.length; ) {
    const c = jsonPath[i]!;
    if (c === '.' || c === '[' || c === ']') {
      tokens.push(c);
      i++;
    } else if (c === "'") {
      let j = i + 1;
      while (j < jsonPath.length && !(jsonPath[j] === "'" && jsonPath[j - 1] !== '\\')) j++;
      tokens.push(jsonPath.slice(i, j + 1));
      i = j + 1;
    } else {
      let j = i;
      while (j < jsonPath.length && !'.[]'.includes(jsonPath[j]!)) j++;
      tokens.push(jsonPath.slice(i, j));
      i = j;
    }
  }
  let path = '';
  let s: CelSchema | undefined = schema;
  const append = (name: string, named: boolean) => {
    if (!named) {
      path = `${path}[${name}]`;
      s = s ? additionalPropertiesOf(s) : undefined;
    } else {
      path = path === '' ? name : `${path}.${name}`;
      const next: CelSchema | undefined = s?.properties?.[name];
      if (!next) throw new Error('does not refer to a valid field');
      s = next;
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (tok === '[') {
      const q = tokens[++i];
      if (q === undefined) throw new Error('unexpected end of JSON path');
      if (q.length < 2 || !q.startsWith("'") || !q.endsWith("'")) throw new Error(`expected single quoted string but got ${q}`);
      const name = q.slice(1, -1).replace(/\\(.)/g, '$1');
      if (tokens[++i] !== ']') throw new Error(`expected ] but got ${tokens[i] ?? ''}`);
      if (s?.properties) append(name, true);
      else if (s && additionalPropertiesOf(s)) append(name, false);
      else throw new Error('does not refer to a valid field');
    } else if (tok === '.') {
      const name = tokens[++i];
      if (name === undefined) throw new Error('unexpected end of JSON path');
      if (s?.properties) append(name, true);
      else if (s && additionalPropertiesOf(s)) append(name, false);
      else throw new Error('does not refer to a valid field');
    } else {
      throw new Error(`expected [ or . but got: ${tok}`);
    }
  }
  return path;
}
