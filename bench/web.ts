/**
 * `npm run bench:web`: the web client's loading budget. Builds the client when apps/web/dist is
 * missing (or with --build), then measures the initial JavaScript (the entry chunk and every chunk
 * index.html preloads, gzip) against 200 kB, and checks that every route of the router is its own
 * lazy chunk that the first load does not fetch, and runs Lighthouse on the home and profile pages
 * (bench/web-lighthouse.ts). Exits 1 when a budget is missed.
 *
 *   npm run bench:web -- [--build] [--no-lighthouse] [--runs N]   (Lighthouse runs per page, median kept; 5)
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 200
const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'apps/web/dist')
const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
  },
})

if (values.build || !existsSync(path.join(dist, 'index.html'))) {
  console.log('Building the web client (npm run build -w @vouched/web)…')
  execFileSync('npm', ['run', 'build', '-w', '@vouched/web'], { cwd: root, stdio: 'inherit' })
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1]
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
const entry = tags
  .filter((t) => t.startsWith('<script') && /type="module"/.test(t))
  .map((t) => attr(t, 'src')!)
const preloaded = tags.filter((t) => /rel="modulepreload"/.test(t)).map((t) => attr(t, 'href')!)
const styles = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, 'href')!)

const size = (url: string) => {
  const content = readFileSync(path.join(dist, url.replace(/^\//, '')))
  return { url, raw: content.length, gzip: gzipSync(content, { level: 9 }).length }
}
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const code = (file: string) => readFileSync(path.join(dist, 'assets', file), 'utf8')
const gzipOf = (file: string) => size(`/assets/${file}`).gzip
// A chunk's static imports (`import{…}from"./x.js"`, `import"./x.js"`), not its import("./x.js").
const staticImports = (file: string) =>
  [
    ...code(file).matchAll(
      /\bimport\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?["']\.\/([^"']+\.js)["']/g,
    ),
  ].map((m) => m[1]!)
const closure = (file: string) => {
  const seen = new Set<string>()
  const visit = (f: string) => {
    if (seen.has(f)) return
    seen.add(f)
    staticImports(f).forEach(visit)
  }
  visit(file)
  return seen
}
// The first load is the entry and every chunk it imports statically, which Vite lists as
// modulepreload links; a static import the HTML failed to list would still load, so it counts too.
const listed = [...entry, ...preloaded]
const unlisted = entry
  .flatMap((url) => [...closure(path.basename(url))])
  .map((file) => `/assets/${file}`)
  .filter((url) => !listed.includes(url))
const initial = [...new Set([...listed, ...unlisted])].map(size)
const css = styles.map(size)
const initialGzip = initial.reduce((sum, f) => sum + f.gzip, 0)

console.log('Initial JavaScript (entry + modulepreload), gzip level 9:')
for (const f of initial)
  console.log(`  ${f.url.padEnd(44)} ${kB(f.raw).padStart(10)} raw ${kB(f.gzip).padStart(10)} gzip`)
console.log(
  `  ${'total'.padEnd(44)} ${kB(initial.reduce((s, f) => s + f.raw, 0)).padStart(10)} raw ${kB(initialGzip).padStart(10)} gzip`,
)
for (const f of css) console.log(`  (stylesheet ${f.url}: ${kB(f.gzip)} gzip, not counted)`)
if (unlisted.length) console.log(`  (imported by the entry but not preloaded: ${unlisted.join(', ')})`)

// Every route of the router must be a lazy import whose chunk is not part of the first load.
const router = readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8')
const lazyRoutes = [...router.matchAll(/lazy\(\(\) => import\('\.\/routes\/([^']+)'\)\)/g)].map((m) => m[1]!)
const routeFiles = readdirSync(path.join(root, 'apps/web/src/app/routes'))
  .filter((f) => /\.tsx$/.test(f) && !/\.test\.tsx$/.test(f))
  .map((f) => f.replace(/\.tsx$/, ''))
const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))
const initialNames = new Set(initial.map((f) => path.basename(f.url)))
// A page's chunk bears the page's name and exports the page as default; other chunks may share the
// name (rolldown names a chunk after its first module: shared/auth.ts makes an `auth-…` chunk too).
const pageChunk = (route: string) =>
  assets.find(
    (a) =>
      a.startsWith(`${route}-`) &&
      /^[\w-]+-[\w-]{8}\.js$/.test(a) &&
      /export\s*\{[^}]*\bas default\b[^}]*\}/.test(code(a)),
  )
console.log(
  '\nRoute chunks (lazy, fetched on navigation), with the chunks they import that the initial load lacks:',
)
const problems: string[] = []
for (const route of routeFiles) {
  const chunk = pageChunk(route)
  const isLazy = lazyRoutes.includes(route)
  const inInitial = chunk ? initialNames.has(chunk) : false
  if (!isLazy) problems.push(`route ${route} is not lazy-loaded`)
  if (inInitial) problems.push(`route ${route} is in the initial load`)
  const extra = chunk ? [...closure(chunk)].filter((f) => !initialNames.has(f)) : []
  const extraGzip = extra.reduce((sum, f) => sum + gzipOf(f), 0)
  console.log(
    `  ${route.padEnd(16)} ${isLazy ? 'lazy' : 'NOT LAZY'}  ${chunk ? `${chunk.padEnd(30)} ${kB(gzipOf(chunk)).padStart(8)}; with imports ${kB(extraGzip).padStart(8)} in ${String(extra.length).padStart(2)} chunks; page's first load ${kB(initialGzip + extraGzip)}` : '(no chunk of its own found)'}`,
  )
}
// Members' pages also load the signed-in top bar (menus, dropdowns, live counts) beside the page: its
// own chunk, or the 'members' chunk it is grouped into (vite.config.ts).
const topBar = assets.find((a) => a.startsWith('signed-in-top-bar-') || a.startsWith('members-'))
if (topBar) {
  const extra = [...closure(topBar)].filter((f) => !initialNames.has(f))
  console.log(
    `  (members' pages also load the signed-in top bar: ${kB(extra.reduce((sum, f) => sum + gzipOf(f), 0))} in ${extra.length} chunks, much of it shared with the page)`,
  )
}
console.log(`  ${assets.length} JavaScript chunks in all; ${assets.length - initial.length} load on demand`)

const met = initialGzip <= BUDGET_KB * 1000
console.log(
  `\nBudget: initial JavaScript ≤ ${BUDGET_KB} kB gzip: ${kB(initialGzip)} — ${met ? 'met' : 'MISSED'}`,
)
console.log(`Budget: every route lazy-loaded: ${problems.length ? `MISSED (${problems.join('; ')})` : 'met'}`)

// Lighthouse (the lighthouse package drives Chromium; nothing is downloaded at run time).
let lighthouseMet = true
if (values['no-lighthouse']) console.log('Lighthouse: skipped (--no-lighthouse)')
else {
  const { runLighthouse } = await import('./web-lighthouse')
  const { scores, met: scoresMet } = await runLighthouse(dist, 90, Math.max(1, Number(values.runs) || 5))
  lighthouseMet = scoresMet
  console.log(
    '\nLighthouse performance (mobile defaults: simulated slow 4G, 4× CPU slowdown; median run), budget ≥ 90:',
  )
  for (const s of scores) {
    console.log(
      `  ${s.page.padEnd(8)} ${String(s.score).padStart(3)}  ${Object.entries(s.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}  (runs: ${s.runs.join('/')})  ${s.score >= 90 ? 'met' : 'MISSED'}`,
    )
  }
}
process.exit(met && problems.length === 0 && lighthouseMet ? 0 : 1)
