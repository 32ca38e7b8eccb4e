// The layer rules of DESIGN.md, checked on every lint. Arrows point down only:
//
//   apiserver → registry → (patch → structured-merge-diff) → cacher → storage → api → apimachinery
//   storage-etcd3 / storage-sqlite → storage
//
// Each package lists the workspace packages it may import. Anything else, a cycle, a deep import
// into another package (anything but its exported entry files), or an import that does not
// resolve (e.g. `@kapi/x/src/...`, which no exports map lists) fails the check.

/** @type {Record<string, string[]>} package → the packages it may import */
const allowed = {
  apimachinery: [],
  'structured-merge-diff': [],
  api: ['apimachinery'],
  storage: ['apimachinery', 'api'],
  'storage-etcd3': ['storage', 'apimachinery', 'api'],
  'storage-sqlite': ['storage', 'apimachinery', 'api'],
  cacher: ['storage', 'apimachinery', 'api'],
  patch: ['structured-merge-diff', 'apimachinery', 'api'],
  cel: ['apimachinery'],
  apiextensions: ['apimachinery', 'api', 'structured-merge-diff', 'cel'],
  controllers: ['apimachinery'],
  registry: ['storage', 'api', 'apimachinery', 'patch', 'structured-merge-diff', 'apiextensions', 'cel'],
  apiserver: ['controllers', 'registry', 'apiextensions', 'cel', 'patch', 'structured-merge-diff', 'cacher', 'storage', 'storage-etcd3', 'storage-sqlite', 'api', 'apimachinery'],
  bench: ['apiserver', 'controllers', 'registry', 'apiextensions', 'cel', 'patch', 'structured-merge-diff', 'cacher', 'storage', 'storage-etcd3', 'storage-sqlite', 'api', 'apimachinery'],
};

const dirOf = (name) => (name === 'apiserver' ? 'apps/apiserver' : name === 'bench' ? 'bench' : `packages/${name}`);
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const all = Object.keys(allowed);

const layerRules = all.map((name) => {
  const forbidden = all.filter((other) => other !== name && !allowed[name].includes(other));
  return {
    name: `layer:${name}`,
    comment: `${name} may import only: ${allowed[name].join(', ') || 'no workspace package'} (DESIGN.md, Layers)`,
    severity: 'error',
    from: { path: `^${esc(dirOf(name))}/` },
    to: { path: `^(${forbidden.map((f) => esc(dirOf(f))).join('|')})/` },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, inside a package or between packages.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-deep-import',
      comment: "Another package is reachable only through its exports map (src/index.ts, src/testing/index.ts, src/<subpath>/index.ts).",
      severity: 'error',
      from: { path: '^(packages/[^/]+|apps/[^/]+|bench)/' },
      to: {
        path: '^(packages/[^/]+|apps/[^/]+|bench)/',
        pathNot: ['^$1/', '^(packages/[^/]+|apps/[^/]+)/src/(index|[a-z-]+/index)\\.ts$'],
      },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves (a path outside an exports map does not).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.turbo)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@kapi/source', 'import', 'node', 'default'],
      mainFields: ['module', 'main'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
