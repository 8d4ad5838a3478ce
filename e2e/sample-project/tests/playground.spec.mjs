// Written by hand against the published fixtures: the approval flow of the sample tool, through the playground.
import { expect, test } from 'toolscope/playwright'

test.use({ toolscopeOptions: { paths: ['./tools'] } })

test('cancel-booking waits for approval, then succeeds', async ({ toolscope }) => {
  await toolscope.selectTool('cancel-booking')
  await toolscope.setInput({ bookingId: 'BK-42' })
  await toolscope.run()
  await expect.poll(() => toolscope.status()).toBe('awaiting approval')
  await toolscope.approve()
  await expect.poll(() => toolscope.status()).toBe('success')
})
