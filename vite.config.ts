// Vite config of the SPA: React + Tailwind, the Toolscope API mounted in the dev server (one port in dev and
// prod), output in dist/app. Monaco stays in its own lazily loaded chunk (initial JS budget: 150 KB gzip).
import { defineConfig, type PluginOption } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

export default defineConfig(async ({ command }) => {
  const plugins: PluginOption[] = [react(), tailwindcss()]
  // Only `vite` (serve) needs the API; a build must not start a tool host.
  if (command === 'serve') {
    const { toolscopeDevServer } = await import('./server/vitePlugin.ts')
    plugins.push(toolscopeDevServer())
  }
  return {
    plugins,
    // Relative asset URLs: the same build serves the playground and static demo sites hosted in any folder.
    base: './',
    build: {
      outDir: 'dist/app',
      emptyOutDir: true,
      chunkSizeWarningLimit: 4000,
    },
    worker: { format: 'es' as const },
  }
})
