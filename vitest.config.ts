import { defineConfig } from 'vitest/config';

// One vitest run for the whole workspace: every package and app is a project.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tools/*'],
  },
});
