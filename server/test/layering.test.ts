// The layering rules of eslint.config.js bite: the UI never imports server/, and server/ never imports React,
// UI code or the runtime's internals (only src/runtime/index.ts).
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

const eslint = new ESLint()
async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file })
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('layering lint', () => {
  it('refuses server/ imports in the UI', async () => {
    expect(
      await restricted(
        'src/features/runs/Probe.tsx',
        "import { createApp } from '../../../server/http/app.ts'\nvoid createApp\n",
      ),
    ).toHaveLength(1)
    expect(
      await restricted('src/shared/probe.ts', "import { createApp } from '../../server/http/app.ts'\nvoid createApp\n"),
    ).toHaveLength(1)
  })

  it('refuses React, UI code and runtime internals in server/, and allows the runtime index', async () => {
    const code = [
      "import { useState } from 'react'",
      "import { RunWorkspace } from '../src/features/runs/RunWorkspace.tsx'",
      "import { TimeoutClock } from '../src/runtime/attempt.ts'",
      "import { runTool } from '../src/runtime/index.ts'",
      'void [useState, RunWorkspace, TimeoutClock, runTool]',
      '',
    ].join('\n')
    const messages = await restricted('server/probe.ts', code)
    expect(messages).toHaveLength(3)
    expect(messages.join('\n')).toMatch(/only through src\/runtime\/index\.ts/)
  })
})
