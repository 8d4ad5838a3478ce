// Environment references: secret keys (the runtime's rule) become `$env` references, resolved from the environment.
import { describe, expect, it } from 'vitest'
import { envNameFor, MissingEnvError, resolveEnvRefs, secretsToEnvRefs } from './envRefs.ts'

describe('env references', () => {
  it('names variables after the key and replaces secrets at any depth, leaving other values', () => {
    expect(envNameFor('apiKey')).toBe('API_KEY')
    expect(envNameFor('x-auth-token')).toBe('X_AUTH_TOKEN')
    expect(
      secretsToEnvRefs({ apiKey: 'sk-1', user: 'ada', nested: { password: 'p' }, list: [{ token: 't' }] }),
    ).toEqual({
      apiKey: { $env: 'API_KEY' },
      user: 'ada',
      nested: { password: { $env: 'PASSWORD' } },
      list: [{ token: { $env: 'TOKEN' } }],
    })
  })

  it('resolves from the environment and names every missing variable', () => {
    const ctx = { apiKey: { $env: 'API_KEY' }, other: { $env: 'OTHER' }, plain: 1 }
    expect(resolveEnvRefs(ctx, { API_KEY: 'k', OTHER: 'o' })).toEqual({ apiKey: 'k', other: 'o', plain: 1 })
    expect(() => resolveEnvRefs(ctx, {})).toThrow(MissingEnvError)
    expect(() => resolveEnvRefs(ctx, {})).toThrow(/API_KEY, OTHER/)
    expect(resolveEnvRefs(ctx, {}, true).apiKey).toMatch(/API_KEY is not set/)
  })
})
