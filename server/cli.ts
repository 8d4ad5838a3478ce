// Entry of the `toolscope` command: dispatches to a subcommand from the table in cli/commands.ts,
// or to `serve` when the first argument is a path or an option.

import { commands } from './cli/commands.ts'
import { versionText } from './packageRoot.ts'

/** Runs the CLI with the given arguments; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv
  if (first === '--version') {
    console.log(versionText())
    return 0
  }
  const load = first !== undefined && Object.hasOwn(commands, first) ? commands[first] : undefined
  const command = await (load ?? commands.serve)()
  return command.run(load ? rest : argv)
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`toolscope: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  },
)
