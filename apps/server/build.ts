/**
 * `npm run build -w @vouched/server`: compiles the server into one ES module, `dist/main.js`, that
 * plain Node runs (`npm start`). Packages stay in node_modules (external); only our own code, the
 * shared workspace package included, is bundled. Files read at run time (migrations, the worker
 * script) are read from `src/` through SERVER_ROOT, so nothing is copied.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const root = import.meta.dirname
const dependenciesOf = (file: string) =>
  Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: object }).dependencies ?? {})
const external = [
  ...dependenciesOf(path.join(root, 'package.json')),
  ...dependenciesOf(path.join(root, '../../packages/shared/package.json')),
].filter((name) => name !== '@vouched/shared')

const started = Date.now()
await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(root, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Deep imports (`pg/lib/...`, `@electric-sql/pglite/contrib/...`) are external as well.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  // Bundled CommonJS helpers may call require(); an ES module has none unless it is made.
  banner: {
    js: "import { createRequire as __vouchedRequire } from 'node:module'; const require = __vouchedRequire(import.meta.url);",
  },
  logLevel: 'warning',
})
console.log(`server compiled to dist/main.js in ${Date.now() - started} ms`)
