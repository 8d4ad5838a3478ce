// Standard Schema v1 and Standard JSON Schema v1 as types (the interfaces Zod 4, Valibot and ArkType implement), and the
// plain JSON Schema object: what createTool() accepts as a schema.

/** A validation issue as defined by Standard Schema v1. */
export interface StandardIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>
}

/** Result of `~standard.validate`. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> }

/** Standard Schema v1 (Zod 4, Valibot, ArkType, ...). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
  }
}

/** JSON Schema dialects a Standard JSON Schema can be asked for. */
export type JsonSchemaTarget = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {})

/** Standard JSON Schema v1: a Standard Schema that can also export itself as JSON Schema. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> extends StandardSchemaV1<Input, Output> {
  readonly '~standard': StandardSchemaV1<Input, Output>['~standard'] & {
    readonly jsonSchema: {
      readonly input: (options: {
        target: JsonSchemaTarget
        libraryOptions?: Record<string, unknown>
      }) => Record<string, unknown>
      readonly output: (options: {
        target: JsonSchemaTarget
        libraryOptions?: Record<string, unknown>
      }) => Record<string, unknown>
    }
  }
}

/** Input type of a schema (what the caller passes). */
export type InferInput<S> = S extends StandardSchemaV1<infer I, any> ? I : unknown
/** Output type of a schema (what `execute` receives after validation). */
export type InferOutput<S> = S extends StandardSchemaV1<any, infer O> ? O : unknown

/** A plain JSON Schema object. */
export type JsonSchema = Record<string, unknown>
