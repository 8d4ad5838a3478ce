// Asking again for something that is not set up yet: Monaco sets its JSON mode up asynchronously after the first
// JSON model appears, and until then its `getWorker()` rejects ("JSON not registered!").

/** Calls `get` until it resolves, waiting `delayMs` between tries; after `tries` refusals the last one is thrown. */
export async function untilReady<T>(get: () => Promise<T>, tries = 100, delayMs = 50): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await get()
    } catch (err) {
      if (attempt >= tries) throw err
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    }
  }
}
