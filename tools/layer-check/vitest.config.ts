import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@kapi/layer-check', include: ['*.test.ts'], testTimeout: 60_000 } });
