// Two Vitest projects: `node` (runtime, server, pure UI logic: *.test.ts) and `dom` (React components rendered in
// happy-dom against a fake ApiClient: *.test.tsx), both run by `npm run test:unit`.
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  test: {
    // Most server files wait on child processes and tool-host workers rather than the CPU: three files at once even on
    // two cores (Vitest's default there is one) takes the suite from about 270 s to about 170 s.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: { name: 'dom', include: ['src/**/*.test.tsx'], environment: 'happy-dom' },
      },
    ],
  },
})
