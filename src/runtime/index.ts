// Public surface of the Toolscope runtime: createTool, runTool, schema helpers, serializers and all types.
// Other layers (tool host, server, UI, users' tests) import only from here.

export { createTool, isTool, Tool } from './createTool.ts'
export { runTool } from './runTool.ts'
export { fromAiSdkTool, fromMastraTool, type AiSdkModule, type AiSdkSchema } from './adapters.ts'
export { RunControlError, isValidationError, toFormattedErrors, toValidationIssues } from './errors.ts'
export { RequestContext, TransformedRequestContext } from './requestContext.ts'
export {
  collectSecretValues,
  isSecretEntry,
  isSecretHeaderName,
  isSecretKey,
  isSecretQueryName,
  maskSecrets,
  MIN_SECRET_LENGTH,
  redactHeaders,
  redactRequestContext,
  redactSecretKeys,
  redactUrl,
  scrubSecrets,
  secretArgs,
  REDACTED,
  type SecretArg,
  type UrlRedaction,
} from './secrets.ts'
export {
  isStandardSchema,
  isStandardJsonSchema,
  toJsonSchema,
  type ToJsonSchemaOptions,
  type ValidationIssue,
} from './standardSchema.ts'
export { toMcpTool, toOpenAITool, toAnthropicTool, toStrictJsonSchema } from './serializers.ts'
export { noopObserve } from './observe.ts'
export { isPlainObject } from './plainObject.ts'
export { TOOL_BRAND, SELF_VALIDATING } from './types.ts'
export { TimeoutClock } from './attempt.ts'
export type * from './types.ts'
export type * from './schemaTypes.ts'
export type * from './events.ts'
export type { RunCheckpoint } from './checkpoint.ts'
export * from './status.ts'
