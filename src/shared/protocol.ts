// The protocol: zod schemas of every HTTP body, SSE event and catalog payload exchanged between the SPA and the
// server, one module per concept under protocol/. Both sides import this index; the client parses every frame with it.

export * from './protocol/events.ts'
export * from './protocol/catalog.ts'
export * from './protocol/network.ts'
export * from './protocol/commands.ts'
export * from './protocol/lint.ts'
export * from './protocol/runs.ts'
export * from './protocol/scenarios.ts'
export * from './protocol/demo.ts'
export * from './protocol/fuzz.ts'
export * from './protocol/models.ts'
