import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin, type Rolldown } from 'vite'

const API = 'http://localhost:3000'

/** The pages members land on; what they share with other pages goes in one chunk (member-features). */
const landingPages = ['src/app/routes/home.tsx', 'src/app/routes/profile.tsx'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
)

/** The app modules the landing pages import statically, directly or through others; one set per build. */
const landingPagesReach = new WeakMap<Rolldown.ChunkingContext, Set<string>>()

function landingPagesImport(ctx: Rolldown.ChunkingContext, id: string) {
  let reach = landingPagesReach.get(ctx)
  if (!reach) {
    const found = new Set<string>()
    // App code only: vendor modules have groups of their own (or stay with the code that uses them).
    const visit = (module: string) => {
      if (found.has(module) || module.includes('node_modules')) return
      found.add(module)
      ctx.getModuleInfo(module)?.importedIds.forEach(visit)
    }
    landingPages.forEach(visit)
    landingPagesReach.set(ctx, (reach = found))
  }
  return reach.has(id) && !landingPages.includes(id)
}

/**
 * Vite links the stylesheet after the entry's script and its modulepreload links. The first paint
 * waits for the stylesheet alone, so it moves ahead of them: it is the page's first request, and the
 * server answers it before it compresses the scripts.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'vouched:stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/\n\s*<link rel="stylesheet"[^>]*>/g) ?? []
        const rest = stylesheets.reduce((page, link) => page.replace(link, ''), html)
        return rest.replace(
          /\n(\s*)<script type="module"/,
          (_script, indent: string) => `${stylesheets.join('')}\n${indent}<script type="module"`,
        )
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetFirst()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/uploads': { target: API, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Inline assets would need a data: script/style exception; keep every asset a file (CSP script-src 'self').
    assetsInlineLimit: 0,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: a deploy that changes only app code leaves them cached.
        // Everything the first load needs (tag $initial) stays in the entry's chunks. What only lazy
        // chunks use is split by rolldown, which alone cuts it into dozens of sub-kilobyte chunks
        // (an icon, a wrapper, a Radix internal each): a page would wait on 30-40 requests over
        // HTTP/1.1's six connections, and on a slow network every round of six costs a round trip
        // before the page can render. So what pages share goes together, by who loads it:
        // zod (forms); what every page uses (icons, Radix's core, the small UI wrappers); what every
        // member's page loads anyway (the signed-in top bar with its menus, popovers, dialogs, dates
        // and live counts); and the small feature modules the member pages share (queries, dialogs,
        // texts), a few kilobytes that would otherwise be a dozen requests.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 50,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 40 },
            { name: 'index', tags: ['$initial'], priority: 30 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            {
              name: 'common',
              test: (id) =>
                /node_modules[\\/]lucide-react[\\/]/.test(id) ||
                /node_modules[\\/]@radix-ui[\\/](react-(presence|collection|roving-focus|primitive|context|compose-refs|id|direction|use-[\w-]+|slot)|primitive|number)[\\/]/.test(
                  id,
                ) ||
                /[\\/]src[\\/](components[\\/]ui[\\/](alert|badge|card|input|skeleton|textarea|label)\.tsx|components[\\/]layout[\\/]page-container\.tsx|lib[\\/]use-document-title\.ts)$/.test(
                  id,
                ),
              priority: 16,
            },
            {
              // The top bar's module brings along everything it imports that the groups above left.
              name: 'members',
              test: (id) =>
                /[\\/]src[\\/]app[\\/]signed-in-top-bar\.tsx$/.test(id) ||
                /node_modules[\\/](@radix-ui[\\/](react-(menu|dropdown-menu|popover|dialog|popper|arrow|dismissable-layer|focus-scope|focus-guards|portal|avatar|separator)|rect)|@floating-ui[\\/][\w-]+|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/.test(
                  id,
                ) ||
                /[\\/]src[\\/]components[\\/]ui[\\/](dialog|dialog-loading|avatar|separator)\.tsx$/.test(id),
              priority: 15,
            },
            {
              // What the landing pages import that other chunks share too (minShareCount): their
              // queries, dialogs and texts, a dozen sub-kilobyte chunks when left to rolldown.
              name: (id, ctx) => (landingPagesImport(ctx, id) ? 'member-features' : null),
              // Names the group in the bundler's timing report, which cannot print a function.
              debugName: 'member-features',
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
})
