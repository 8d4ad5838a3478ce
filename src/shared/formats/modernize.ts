// The file-version machinery (after Playwright's traceModernizer): a format knows its current version and one upgrade
// step per older version; a document read from disk is brought up to the current version step by step before its zod
// schema parses it, and a document of a newer version is refused by name instead of being misread.

import type { z } from 'zod'

/** A JSON object as read from a file, before any schema has looked at it. */
export type JsonObject = Record<string, unknown>

/**
 * One upgrade step: a document of version `n` in, the same document in the shape of version `n + 1` out, without
 * mutating its input (the version field is set by the chain).
 */
export type UpgradeStep = (doc: JsonObject) => JsonObject

/** What a stored format is and how its older versions are upgraded. */
export interface FileFormat {
  /** For messages: "scenario file", "cassette". */
  readonly name: string
  /** The version this code writes. */
  readonly current: number
  /** The oldest version still read. */
  readonly oldest: number
  /** `steps[n]` upgrades version `n` to `n + 1`, for every n from `oldest` to `current - 1`. */
  readonly steps: Readonly<Record<number, UpgradeStep>>
  /** The document's field holding its version; undefined when the version is kept beside it (a history row's column). */
  readonly versionField?: string
  /** The version of a document that has no version field (files written before formats carried one). */
  readonly missingVersion?: number
  /** Upgrades the formats embedded in a current-version document (a scenario's cassette and mocks); run last. */
  readonly embedded?: (doc: JsonObject) => JsonObject
}

/** Why a document's version cannot be read: `newer-version` it was written by a newer Toolscope. */
export class FileVersionError extends Error {
  override name = 'FileVersionError'
  readonly code = 'newer-version'
  constructor(
    readonly format: string,
    readonly found: number,
    readonly current: number,
    source?: string,
  ) {
    super(
      `${source ? `${source}: this` : 'This'} ${format} is version ${found}, written by a newer Toolscope; this Toolscope reads ${format}s up to version ${current}. Upgrade Toolscope to read it.`,
    )
  }
}

/** Checks a format's definition (a step for every older version) and returns it; throws on a gap in the chain. */
export function defineFormat(format: FileFormat): FileFormat {
  if (!Number.isInteger(format.current) || !Number.isInteger(format.oldest) || format.oldest > format.current) {
    throw new Error(`${format.name}: versions must be integers with oldest ≤ current`)
  }
  for (let v = format.oldest; v < format.current; v++) {
    if (typeof format.steps[v] !== 'function')
      throw new Error(`${format.name}: no upgrade step from version ${v} to ${v + 1}`)
  }
  return format
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The version a document says it has: its version field (or `missingVersion` without one). Undefined when it is not
 * a version this format could upgrade (not an object, not an integer, older than `oldest`): the schema then says why.
 */
export function versionOf(format: FileFormat, doc: unknown): number | undefined {
  if (format.versionField === undefined || !isObject(doc)) return undefined
  const version = doc[format.versionField] ?? format.missingVersion
  return typeof version === 'number' && Number.isInteger(version) && version >= format.oldest ? version : undefined
}

/**
 * `doc` brought to the current version: each step from its version up, then the embedded formats. `version` is the
 * document's own unless given (a history row keeps it in a column). Throws FileVersionError for a newer version; a
 * document whose version cannot be read is returned as it is, for the schema to refuse.
 */
export function modernize(
  format: FileFormat,
  doc: unknown,
  version = versionOf(format, doc),
  source?: string,
): unknown {
  if (version === undefined || version < format.oldest || !isObject(doc)) return doc
  if (version > format.current) throw new FileVersionError(format.name, version, format.current, source)
  let upgraded = doc
  for (let v = version; v < format.current; v++) {
    upgraded = format.steps[v]!(upgraded)
    // The chain, not each step, keeps the version field right (a legacy file without one gets it here).
    if (format.versionField !== undefined) upgraded = { ...upgraded, [format.versionField]: v + 1 }
  }
  return format.embedded ? format.embedded(upgraded) : upgraded
}

/**
 * Reads one document of a format: modernized, then parsed with its protocol schema (zod stays the boundary). Throws
 * FileVersionError for a newer version; other problems come back as the schema's issues.
 */
export function readDocument<S extends z.ZodType>(
  format: FileFormat,
  schema: S,
  json: unknown,
  source?: string,
): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(modernize(format, json, versionOf(format, json), source))
}

/** Upgrades `doc[key]` with `format` when it is an object (an embedded cassette or set of mock rules). */
export function modernizeField(format: FileFormat, doc: JsonObject, key: string): JsonObject {
  const value = doc[key]
  return isObject(value) ? { ...doc, [key]: modernize(format, value) } : doc
}
