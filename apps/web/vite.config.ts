import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const API = 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
        // HTTP/1.1's six connections. So the small pieces that many pages share go together:
        // zod; every icon; Radix's core (also the sign-in tabs'); the overlays every member page has
        // (menus, popovers, dialogs: the signed-in top bar's); the small UI wrappers.
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
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 20 },
            {
              name: 'radix-core',
              test: /node_modules[\\/]@radix-ui[\\/](react-(presence|collection|roving-focus|primitive|context|compose-refs|id|direction|use-[\w-]+|slot)|primitive|number)[\\/]/,
              priority: 16,
            },
            {
              name: 'overlays',
              test: /node_modules[\\/](@radix-ui[\\/](react-(menu|dropdown-menu|popover|dialog|popper|arrow|dismissable-layer|focus-scope|focus-guards|portal|avatar|separator)|rect)|@floating-ui[\\/][\w-]+|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/,
              priority: 15,
            },
            {
              name: 'ui',
              test: /[\\/]src[\\/](components[\\/]ui[\\/](alert|badge|card|input|skeleton|textarea|label)\.tsx|components[\\/]layout[\\/]page-container\.tsx|lib[\\/]use-document-title\.ts)$/,
              priority: 10,
            },
            {
              name: 'overlay-ui',
              test: /[\\/]src[\\/]components[\\/]ui[\\/](dialog|dialog-loading|avatar|separator)\.tsx$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
})
