// Detection of the sample project in process: Mastra tools, agents and the Mastra instance, AI SDK tools (ids from keys
// and export names), kinds, groups and the user's library versions; unknown kinds become catalog errors with a reason.

import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { dedupeTools, detectModule, type DetectedTool } from '../../../server/toolHost/detect.ts'
import { registerBuiltInSources } from '../../../server/toolHost/detectors/index.ts'

const abs = (rel: string) => new URL(rel, import.meta.url).pathname
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(abs(`../node_modules/${pkg}/package.json`), 'utf8')) as { version: string }).version

async function detect(rel: string) {
  const ns = (await import(rel)) as Record<string, unknown>
  return detectModule(ns, abs(rel), rel)
}

beforeAll(() => registerBuiltInSources())

describe('detecting the sample Mastra project', () => {
  let tools: DetectedTool[]
  let errors: Array<{ file: string; message: string }>

  beforeAll(async () => {
    const found = []
    const errs = []
    for (const rel of [
      '../src/mastra/agents/index.ts',
      '../src/mastra/index.ts',
      '../src/mastra/tools/aiSdkTools.ts',
      '../src/mastra/tools/weather.ts',
    ]) {
      const r = await detect(rel)
      found.push(...r.tools)
      errs.push(...r.errors)
    }
    const unique = dedupeTools(found)
    tools = unique.tools
    errors = [...errs, ...unique.errors]
  })

  const byId = (id: string) => tools.find((t) => t.tool.id === id)

  it('lists every tool once, with no errors', () => {
    expect(errors).toEqual([])
    expect(tools.map((t) => t.tool.id).sort()).toEqual(
      [
        'agent-directory',
        'book-flight',
        'convertCurrency',
        'deleteFile',
        'escalate-ticket',
        'get-weather',
        'issue-refund',
        'lookup-customer',
        'rollDice',
        'sendEmail',
        'transfer-funds',
      ].sort(),
    )
  })

  it('groups agent tools by agent name, Mastra and AI SDK alike; instance-level tools stay ungrouped', () => {
    expect(byId('get-weather')).toMatchObject({ kind: 'mastra', group: 'Travel Agent' })
    expect(byId('convertCurrency')).toMatchObject({ kind: 'ai-sdk', group: 'Travel Agent' })
    expect(byId('escalate-ticket')).toMatchObject({
      kind: 'mastra',
      group: 'Support Agent',
      exportName: 'supportAgent.tools.escalateTool',
    })
    expect(byId('transfer-funds')).toMatchObject({ kind: 'mastra', exportName: 'mastra.tools.transferTool' })
    expect(byId('transfer-funds')?.group).toBeUndefined()
    expect(byId('rollDice')).toMatchObject({ kind: 'ai-sdk', exportName: 'rollDice' })
    expect(byId('deleteFile')).toMatchObject({ kind: 'ai-sdk', exportName: 'aiSdkTools.deleteFile' })
  })

  it("reports the user's own library versions", () => {
    expect(byId('get-weather')?.libraryVersion).toBe(versionOf('@mastra/core'))
    expect(byId('sendEmail')?.libraryVersion).toBe(versionOf('ai'))
  })

  it('also finds the Mastra instance tools when only the instance module is loaded', async () => {
    const { tools: only, errors: errs } = await detect('../src/mastra/index.ts')
    expect(errs).toEqual([])
    const ids = dedupeTools(only).tools.map((t) => `${t.tool.id}@${t.group ?? '-'}`)
    expect(ids).toEqual(
      expect.arrayContaining(['escalate-ticket@Support Agent', 'sendEmail@Support Agent', 'transfer-funds@-']),
    )
  })
})

describe('values of an unknown kind', () => {
  it('become catalog errors with a reason; workflow steps are skipped; real tools still load', async () => {
    const { tools, errors } = await detect('./fixtures/unknownKinds.ts')
    expect(tools.map((t) => t.tool.id)).toEqual(['fine'])
    const messages = errors.map((e) => e.message)
    expect(messages).toHaveLength(3)
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^webSearch: provider-defined tool "openai.web_search"/),
        expect.stringMatching(/^legacyTool: AI SDK 4 tool/),
        expect.stringMatching(/^langchainTool: looks like a tool \(a DynamicStructuredTool with invoke\(\), schema\)/),
      ]),
    )
  })
})
