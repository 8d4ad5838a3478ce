#!/usr/bin/env node
// `toolscope` binary: registers tsx so the TypeScript server (and users' TypeScript tools) run without a build step,
// then hands over to server/cli.ts.
import { register } from 'tsx/esm/api'

register()
await import('../server/cli.ts')
