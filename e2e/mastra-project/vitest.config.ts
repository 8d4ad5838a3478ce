// Compatibility tests against the real @mastra/core and ai of this sample project. Run under the project's Node 22
// (@mastra/core 1.x needs it) by run-compat.mjs, which `npm test` calls.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Several suites start a tool host that imports @mastra/core: one file at a time keeps the 2-core CI machine responsive.
    fileParallelism: false,
  },
})
