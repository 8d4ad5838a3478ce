// JSON Schemas of the network files, published beside the scenario schema for completion in editors: a cassette
// (`toolscope/cassettes/<tool-id>/<name>.json`) and a set of mock rules.

import { z } from 'zod'
import { Cassette, Mocks } from '../shared/protocol.ts'

/** The published JSON Schema of a cassette file (src/testbench/cassette.schema.json). */
export function cassetteJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(Cassette, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
}

/** The published JSON Schema of mock rules (src/testbench/mocks.schema.json). */
export function mocksJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(Mocks, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
}
