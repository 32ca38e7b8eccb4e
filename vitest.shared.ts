import { defineProject } from 'vitest/config';

/**
 * The vitest project settings every package shares: workspace packages resolve to their TypeScript
 * sources through the `@kapi/source` export condition, so tests need no build.
 */
export function kapiProject(name: string, extra: { testTimeout?: number; setupFiles?: string[] } = {}) {
  return defineProject({
    resolve: { conditions: ['@kapi/source', 'import', 'default'] },
    ssr: { resolve: { conditions: ['@kapi/source', 'import', 'default'], externalConditions: ['@kapi/source'] } },
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: extra.testTimeout ?? 20_000,
      ...(extra.setupFiles ? { setupFiles: extra.setupFiles } : {}),
      hookTimeout: 30_000,
    },
  });
}
