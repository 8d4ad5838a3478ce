// Package entry of `toolscope`: the framework-free runtime (createTool, runTool, serializers) and its types.
export * from './runtime/index.ts'
