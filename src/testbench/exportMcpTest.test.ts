// The MCP export generator: the server's command, URL, env and headers as configured, with every `${VAR}` a read of
// process.env and no header value or secret-looking env value written in; elicitation answers from the scripted
// decisions; the scenario's expectation asserted against the views; decisions an MCP call cannot take refused; and the
// `--mcp` flags of a Playwright export.

import { describe, expect, it } from 'vitest'
import { Status } from '../runtime/index.ts'
import { configuredText, mcpFlags, toMcpVitestTest, type McpExportServer } from './exportMcpTest.ts'
import { toPlaywrightTest } from './exportTests.ts'
import type { Scenario } from './scenario.ts'

const STDIO: McpExportServer = {
  name: 'everything',
  transport: 'stdio',
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-everything', '--root=${HOME}/data'],
  env: { SECRET_TOKEN: '${TOKEN}', API_KEY: 'sk-literal-in-config-1234', DEBUG: '1', REGION: '${REGION:-eu}' },
  origin: '.mcp.json',
}
const HTTP: McpExportServer = {
  name: 'remote',
  transport: 'http',
  url: 'https://mcp.example.com/${TENANT}/mcp',
  headers: { Authorization: 'Bearer ${TOKEN}', 'X-Api-Key': 'literal-header-secret-5678' },
  origin: '--mcp',
}

const scenario = (over: Partial<Scenario> = {}): Scenario => ({
  name: 'hello',
  toolId: 'everything_echo',
  input: { message: 'hi' },
  decisions: [],
  expect: {
    status: Status.success,
    match: 'exact',
    raw: [{ type: 'text', text: 'Echo: hi' }],
    model: { type: 'content', value: [{ type: 'text', text: 'Echo: hi' }] },
  },
  ...over,
})

describe('toMcpVitestTest', () => {
  it('starts the stdio server as configured, reading every reference from process.env when the test runs', () => {
    const code = toMcpVitestTest(scenario(), { server: STDIO, tool: 'echo' })
    expect(code).toContain("import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'")
    expect(code).toContain("command: 'npx'")
    expect(code).toContain(
      "args: ['-y', '@modelcontextprotocol/server-everything', '--root=' + (process.env['HOME'] || unset('HOME')) + '/data']",
    )
    expect(code).toContain("'SECRET_TOKEN': (process.env['TOKEN'] || unset('TOKEN'))")
    // A secret-looking entry written literally in the config is read from the test's own environment, never copied.
    expect(code).toContain("'API_KEY': (process.env['API_KEY'] || unset('API_KEY'))")
    expect(code).not.toContain('sk-literal-in-config-1234')
    expect(code).toContain("'DEBUG': '1'")
    expect(code).toContain("'REGION': (process.env['REGION'] || 'eu')")
    expect(code).toContain('function unset(name: string): never')
    expect(code).toContain('const call = { name: \'echo\', arguments: {\n      "message": "hi"\n    } }')
    expect(code).toContain("expect(views.status).toBe('success')")
    expect(code).toContain('expect(views.raw).toEqual([')
    expect(code).toContain('expect(views.model).toEqual({')
    expect(code).toContain('capabilities: { elicitation: { form: {}, url: {} } }')
  })

  it('calls a Streamable HTTP server with its headers, never their values', () => {
    const code = toMcpVitestTest(scenario({ toolId: 'remote_echo' }), { server: HTTP, tool: 'echo' })
    expect(code).toContain(
      "new StreamableHTTPClientTransport(new URL('https://mcp.example.com/' + (process.env['TENANT'] || unset('TENANT')) + '/mcp'), { requestInit: { headers: {",
    )
    expect(code).toContain("'Authorization': 'Bearer ' + (process.env['TOKEN'] || unset('TOKEN'))")
    expect(code).toContain("'X-Api-Key': (process.env['X_API_KEY'] || unset('X_API_KEY'))")
    expect(code).not.toContain('literal-header-secret-5678')
  })

  it('answers elicitations with the scripted decisions and asserts the error of a failed call', () => {
    const code = toMcpVitestTest(
      scenario({
        toolId: 'everything_trigger-elicitation-request',
        input: {},
        decisions: [{ type: 'respond', action: 'accept', content: { name: 'Ada' } }],
        expect: { status: Status.error, match: 'partial', error: 'boom' },
      }),
      { server: { ...STDIO, env: undefined, args: [] }, tool: 'trigger-elicitation-request' },
    )
    expect(code).toContain('client.setRequestHandler(ElicitRequestSchema')
    expect(code).toContain('"action": "accept"')
    expect(code).toContain('"name": "Ada"')
    expect(code).toContain("expect(views.status).toBe('error')")
    expect(code).toContain("expect(views.error).toBe('boom')")
    // No reference, no helper for unset variables.
    expect(code).not.toContain('function unset')
  })

  it('refuses decisions a call over MCP cannot take, and input that is not JSON', () => {
    expect(() =>
      toMcpVitestTest(scenario({ decisions: [{ type: 'abort', on: 'run-started', nth: 1 }] }), {
        server: STDIO,
        tool: 'echo',
      }),
    ).toThrow(/aborts its run/)
    expect(() =>
      toMcpVitestTest(scenario({ input: undefined, inputText: '{ nope' }), { server: STDIO, tool: 'echo' }),
    ).toThrow(/not JSON/)
  })

  it('reads a secret written out literally in the command line from a variable named after its flag', () => {
    const server: McpExportServer = {
      name: 'keyed',
      transport: 'stdio',
      command: 'node',
      args: ['server.js', '--api-key', 'sk-planted-arg-1', '--token=tok-planted-arg-2', '--port', '9'],
    }
    const code = toMcpVitestTest(scenario(), { server, tool: 'echo' })
    expect(code).not.toContain('sk-planted-arg-1')
    expect(code).not.toContain('tok-planted-arg-2')
    expect(code).toContain("'--api-key', (process.env['API_KEY'] || unset('API_KEY'))")
    expect(code).toContain("'--token=' + (process.env['TOKEN'] || unset('TOKEN'))")
    expect(code).toContain("'--port', '9'")
    const flags = mcpFlags({ ...server, origin: '--mcp' })
    expect(flags.join(' ')).not.toContain('planted')
    expect(flags[1]).toBe('keyed=node server.js --api-key ${API_KEY} --token=${TOKEN} --port 9')
  })

  it('writes a configured text as literal parts and environment reads', () => {
    expect(configuredText('plain')).toBe("'plain'")
    expect(configuredText('${A}')).toBe("(process.env['A'] || unset('A'))")
    expect(configuredText("it's ${B:-x}!")).toBe("'it\\'s ' + (process.env['B'] || 'x') + '!'")
  })
})

describe('Playwright export of an MCP tool', () => {
  it('starts Toolscope with the --mcp flags of a command-line server, references unexpanded', () => {
    const stdio: McpExportServer = {
      name: 'everything',
      transport: 'stdio',
      command: '/usr/bin/node',
      args: ['/opt/my server/index.js', 'stdio'],
      origin: '--mcp',
    }
    expect(mcpFlags(stdio)).toEqual(['--mcp', "everything='/usr/bin/node' '/opt/my server/index.js' stdio"])
    expect(mcpFlags(HTTP)).toEqual([
      '--mcp',
      'remote=https://mcp.example.com/${TENANT}/mcp',
      '--mcp-header',
      'Authorization: Bearer ${TOKEN}',
      '--mcp-header',
      'X-Api-Key: ${X_API_KEY}',
    ])
    const code = toPlaywrightTest(scenario({ toolId: 'remote_echo' }), { toolPaths: [], mcpServers: [HTTP] })
    expect(code).toContain(
      'test.use({ toolscopeOptions: { paths: [], args: [\n  "--mcp",\n  "remote=https://mcp.example.com/${TENANT}/mcp",',
    )
    expect(code).toContain('"Authorization: Bearer ${TOKEN}"')
    expect(code).not.toContain('literal-header-secret-5678')
  })

  it('leaves a server of .mcp.json to the config file the started Toolscope reads', () => {
    expect(mcpFlags(STDIO)).toEqual([])
    const code = toPlaywrightTest(scenario(), { toolPaths: [], mcpServers: [STDIO] })
    expect(code).toContain('test.use({ toolscopeOptions: { paths: [] } })')
    expect(code).toContain('// The server "everything" comes from .mcp.json')
    expect(code).not.toContain('sk-literal-in-config-1234')
  })
})
