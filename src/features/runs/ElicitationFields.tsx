// The fields of an MCP elicitation form, one per property of the flat requestedSchema MCP allows: text (with the
// email / uri / date formats as native inputs), number, boolean, single choice (`enum`, legacy `enumNames`, titled
// `oneOf` / `anyOf`) and multiple choice (an array of such items, as checkboxes). A cleared field is left out of the
// answer rather than sent empty (or, for a number, as 0).
import type { ChangeEvent } from 'react'

/** One property of an elicitation's requestedSchema (only what the form reads). */
export type ElicitationProp = {
  type?: string
  title?: string
  description?: string
  format?: string
  enum?: unknown[]
  enumNames?: unknown[]
  oneOf?: unknown[]
  anyOf?: unknown[]
  items?: ElicitationProp
  default?: unknown
}

/** An option of a choice: the value sent and the label shown. */
export interface Choice {
  value: string
  label: string
}

/** The options of a single-choice property, with their titles when the schema gives them; undefined when free. */
export function choicesOf(prop: ElicitationProp | undefined): Choice[] | undefined {
  if (!prop) return undefined
  if (Array.isArray(prop.enum)) {
    return prop.enum.map((v, i) => ({
      value: String(v),
      label: typeof prop.enumNames?.[i] === 'string' ? prop.enumNames[i] : String(v),
    }))
  }
  const titled = prop.oneOf ?? prop.anyOf
  if (!Array.isArray(titled)) return undefined
  return titled.flatMap((o) => {
    const option = o as { const?: unknown; title?: unknown }
    return option && option.const !== undefined
      ? [{ value: String(option.const), label: typeof option.title === 'string' ? option.title : String(option.const) }]
      : []
  })
}

const INPUT_TYPES: Record<string, string> = { email: 'email', uri: 'url', date: 'date' }
const input =
  'block w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-600 dark:bg-zinc-900'

interface FieldProps {
  name: string
  prop: ElicitationProp
  required: boolean
  value: unknown
  /** `undefined` leaves the property out of the answer. */
  onChange: (value: unknown) => void
}

function Description({ prop }: { prop: ElicitationProp }) {
  return prop.description ? <span className="block text-zinc-500">{prop.description}</span> : null
}

function BooleanField({ name, prop, value, onChange }: FieldProps) {
  return (
    <label className="block text-sm">
      <span className="flex items-center gap-2">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        {prop.title ?? name}
      </span>
      <span className="text-xs">
        <Description prop={prop} />
      </span>
    </label>
  )
}

/** Checkboxes for an array of choices; an empty selection leaves the property out. */
function MultiChoiceField({ name, prop, required, value, onChange, choices }: FieldProps & { choices: Choice[] }) {
  const picked = Array.isArray(value) ? value.map(String) : []
  const toggle = (v: string, on: boolean) => {
    const next = choices.map((c) => c.value).filter((c) => (c === v ? on : picked.includes(c)))
    onChange(next.length ? next : undefined)
  }
  return (
    <fieldset className="text-xs">
      <legend>
        {prop.title ?? name}
        {required ? ' *' : ''}
      </legend>
      <span className="flex flex-wrap gap-x-3 gap-y-1 py-1">
        {choices.map((c) => (
          <label key={c.value} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={picked.includes(c.value)}
              onChange={(e) => toggle(c.value, e.target.checked)}
            />
            {c.label}
          </label>
        ))}
      </span>
      <Description prop={prop} />
    </fieldset>
  )
}

function ChoiceField({ name, prop, required, value, onChange, choices }: FieldProps & { choices: Choice[] }) {
  return (
    <label className="block text-xs">
      {prop.title ?? name}
      {required ? ' *' : ''}
      <select
        className={input}
        required={required}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">—</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <Description prop={prop} />
    </label>
  )
}

/** A number (cleared: left out, never 0) or a text, with a native input for the formats browsers know. */
function TextField({ name, prop, required, value, onChange }: FieldProps) {
  const numeric = prop.type === 'number' || prop.type === 'integer'
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value
    onChange(text === '' ? undefined : numeric ? Number(text) : text)
  }
  return (
    <label className="block text-xs">
      {prop.title ?? name}
      {required ? ' *' : ''}
      <input
        className={input}
        required={required}
        type={numeric ? 'number' : (INPUT_TYPES[prop.format ?? ''] ?? 'text')}
        step={prop.type === 'number' ? 'any' : undefined}
        value={value === undefined ? '' : String(value)}
        onChange={change}
      />
      <Description prop={prop} />
    </label>
  )
}

/** The field for one property of the requested schema. */
export function ElicitationField(props: FieldProps) {
  const { prop } = props
  if (prop.type === 'boolean') return <BooleanField {...props} />
  const itemChoices = prop.type === 'array' ? choicesOf(prop.items) : undefined
  if (itemChoices) return <MultiChoiceField {...props} choices={itemChoices} />
  const choices = choicesOf(prop)
  if (choices) return <ChoiceField {...props} choices={choices} />
  return <TextField {...props} />
}
