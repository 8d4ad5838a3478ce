import { expect, it } from 'vitest'
import { untilReady } from './untilReady.ts'

it('asks again until the value is ready, then returns it', async () => {
  let calls = 0
  const get = async () => {
    if (++calls < 3) throw 'JSON not registered!'
    return 'worker'
  }
  await expect(untilReady(get, 5, 1)).resolves.toBe('worker')
  expect(calls).toBe(3)
})

it('gives up after the last try with its refusal', async () => {
  let calls = 0
  await expect(untilReady(async () => Promise.reject(new Error(`not yet ${++calls}`)), 4, 1)).rejects.toThrow(
    'not yet 4',
  )
  expect(calls).toBe(4)
})
