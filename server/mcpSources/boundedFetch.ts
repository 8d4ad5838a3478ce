// The fetch of a Streamable HTTP connection, with each JSON-RPC message held to a size: a JSON body counts whole, an
// event stream counts per event. Past the bound the body errors, which the SDK reports and the connection treats as
// a fault of the server (the run ends naming it), instead of buffering a message of any size in the server process.

/** fetch, with every response body cut off past `maxBytes` per message. */
export function boundedFetch(maxBytes: number, describe: (bytes: number) => string): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    if (!response.body) return response
    const stream = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    let size = 0
    let last = -1
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (stream) {
            // An event ends at a blank line (LF LF, or CR LF CR LF): count the bytes since the last one, scanning the
            // bytes as they come (`last` is the byte before this chunk).
            // An event that ends inside the chunk counts too: the bound is checked at every byte, not after the chunk.
            for (let i = 0; i < chunk.byteLength; i++) {
              const byte = chunk[i]!
              size = byte === 10 && (last === 10 || (last === 13 && i >= 2 && chunk[i - 2] === 10)) ? 0 : size + 1
              last = byte
              if (size > maxBytes) return controller.error(new Error(`The server ${describe(maxBytes)}`))
            }
          } else size += chunk.byteLength
          if (size > maxBytes) return controller.error(new Error(`The server ${describe(maxBytes)}`))
          controller.enqueue(chunk)
        },
      }),
    )
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}
