// Subcommand table of the `toolscope` CLI. Each entry loads its module lazily; add `test`, `call`, ... here,
// each in its own file exporting `run(args): Promise<number>` (the exit code).

/** A CLI subcommand module. */
export interface CliCommand {
  run(args: string[]): Promise<number>
}

/** Subcommands by name; anything else on the command line is a path for `serve`. */
export const commands: Record<string, () => Promise<CliCommand>> = {
  serve: () => import('./serve.ts'),
  test: () => import('./test.ts'),
  call: () => import('./call.ts'),
  lint: () => import('./lint.ts'),
  build: () => import('./build.ts'),
  fuzz: () => import('./fuzz.ts'),
  eval: () => import('./eval.ts'),
}
