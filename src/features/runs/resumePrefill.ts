// The resume data a suspend card starts with: the resumeSchema's defaults, with each field the suspend payload offers
// choices for set to the first offered value (the seats the tool listed, not a made-up "0A").

import { valueFromSchema } from '../editor/schemaDefaults.ts'

type Schema = Record<string, unknown>
const isRecord = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v)
const MAX_FIELDS = 50

/** Whether an offered value fits a field's schema (type, enum, pattern); a pattern that does not compile never fits. */
function fits(value: unknown, field: Schema): boolean {
  const type = field.type
  if (type === 'string' && typeof value !== 'string') return false
  if ((type === 'number' || type === 'integer') && typeof value !== 'number') return false
  if (type === 'integer' && !Number.isInteger(value)) return false
  if (Array.isArray(field.enum) && !field.enum.includes(value)) return false
  if (typeof field.pattern === 'string' && typeof value === 'string') {
    try {
      if (!new RegExp(field.pattern, 'u').test(value)) return false
    } catch {
      return false
    }
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

/** The payload's lists of choices: arrays of plain values, by key. */
function offeredLists(payload: unknown): Array<[string, unknown[]]> {
  if (!isRecord(payload)) return []
  return Object.entries(payload)
    .filter((e): e is [string, unknown[]] => Array.isArray(e[1]) && e[1].length > 0)
    .slice(0, MAX_FIELDS)
}

/**
 * Resume data to start from. A field takes the first offered value that fits it from the payload list whose key names
 * it (`seat` in `availableSeats`), or from the only list when the payload has one; a field with a default keeps it.
 */
export function resumePrefill(resumeSchema: unknown, payload: unknown): unknown {
  const start = valueFromSchema(resumeSchema)
  if (!isRecord(resumeSchema) || !isRecord(resumeSchema.properties) || !isRecord(start)) return start
  const lists = offeredLists(payload)
  if (lists.length === 0) return start
  const out: Schema = { ...start }
  for (const [name, field] of Object.entries(resumeSchema.properties).slice(0, MAX_FIELDS)) {
    if (!isRecord(field) || 'default' in field || 'const' in field) continue
    const key = name.toLowerCase().replace(/s$/, '')
    const named = lists.filter(([k]) => k.toLowerCase().includes(key))
    const candidates = named.length > 0 ? named : lists.length === 1 ? lists : []
    const offered = candidates.flatMap(([, list]) => list).find((v) => fits(v, field))
    if (offered !== undefined) out[name] = offered
  }
  return out
}
