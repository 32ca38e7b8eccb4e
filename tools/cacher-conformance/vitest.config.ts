import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `@kapi/source` condition), as in kapiProject.
export default defineProject({
  resolve: { conditions: ['@kapi/source', 'import', 'default'] },
  ssr: { resolve: { conditions: ['@kapi/source', 'import', 'default'], externalConditions: ['@kapi/source'] } },
  test: { name: '@kapi/cacher-conformance', include: ['*.test.ts'], testTimeout: 20_000, hookTimeout: 30_000 },
});
