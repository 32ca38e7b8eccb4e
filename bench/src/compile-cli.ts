// The `kapi` CLI compiled for the server section's start row: the workspace's sources bundled into
// ES modules (an entry and its lazily loaded chunks) by esbuild (the compiler tsx itself runs, reached through tsx), every npm dependency
// left outside as an import of its resolved file, so the process loads JavaScript only, as a
// published `kapi` would.
import { copyFileSync, mkdirSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The part of esbuild's API used here (esbuild is tsx's dependency, not the bench's). */
interface Esbuild {
  build(options: {
    entryPoints: { in: string; out: string }[];
    outdir: string;
    outExtension: Record<string, string>;
    splitting: true;
    bundle: true;
    platform: 'node';
    format: 'esm';
    target: string;
    conditions: string[];
    logLevel: 'silent';
    plugins: { name: string; setup(build: PluginBuild): void }[];
  }): Promise<unknown>;
}
interface ResolveArgs {
  path: string;
  kind: string;
  resolveDir: string;
  pluginData?: unknown;
}
interface PluginBuild {
  onResolve(options: { filter: RegExp }, callback: (args: ResolveArgs) => Promise<object | undefined>): void;
  resolve(path: string, options: { kind: string; resolveDir: string; pluginData: unknown }): Promise<{ path: string; errors: object[] }>;
}

const builtins = new Set(builtinModules);

/**
 * Bundles `entry` (the CLI, or a script over `@kapi/apiserver`) into `outDir/dist/<name>.mjs`, with
 * apps/apiserver's package.json beside `dist/` (the server reads its version from `../package.json`);
 * returns the bundle's path.
 */
export async function compileEntry(entry: string, apiserverDir: string, outDir: string, name: string): Promise<string> {
  const esbuild = createRequire(fileURLToPath(import.meta.resolve('tsx')))('esbuild') as Esbuild;
  mkdirSync(join(outDir, 'dist'), { recursive: true });
  copyFileSync(join(apiserverDir, 'package.json'), join(outDir, 'package.json'));
  const outfile = join(outDir, 'dist', `${name}.mjs`);
  await esbuild.build({
    // Split into chunks, so that what the server imports lazily (the storage driver it does not
    // use) stays out of its start, as it does when run from source.
    entryPoints: [{ in: entry, out: name }],
    outdir: join(outDir, 'dist'),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    conditions: ['@kapi/source'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'npm-dependencies-outside',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData === 'inner' || args.path.startsWith('@kapi/')) return undefined;
            if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
            const r = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' });
            if (r.errors.length > 0) return { errors: r.errors };
            return { path: pathToFileURL(r.path).href, external: true };
          });
        },
      },
    ],
  });
  return outfile;
}
