// The Monaco JSON editor (lazy chunk): schema completion, hover and markers for its model, Ctrl/Cmd+Enter
// to submit, Tab moving focus out (so keyboard users are never trapped), light/dark theme.
import Editor from '@monaco-editor/react'
import { useEffect, useRef } from 'react'
import { monaco, setModelSchema } from './monacoSetup.ts'

export { warmUp } from './monacoSetup.ts'
import type { JsonEditorProps } from './JsonEditor.tsx'
import { useTheme } from '../../hooks/useTheme.ts'

export default function MonacoJsonEditor({
  path,
  value,
  onChange,
  schema,
  label,
  onSubmit,
  height = 160,
  readOnly,
}: JsonEditorProps) {
  const { resolved } = useTheme()
  const submit = useRef(onSubmit)
  useEffect(() => {
    submit.current = onSubmit
  })
  useEffect(() => {
    setModelSchema(path, schema)
    return () => setModelSchema(path, undefined)
  }, [path, schema])

  return (
    <div className="overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-600" data-editor-path={path}>
      <Editor
        height={height}
        language="json"
        path={path}
        value={value}
        theme={resolved === 'dark' ? 'vs-dark' : 'vs'}
        onChange={(v) => onChange?.(v ?? '')}
        onMount={(editor) => {
          editor.addAction({
            id: 'toolscope.submit',
            label: 'Run',
            keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
            run: () => submit.current?.(),
          })
        }}
        loading={<p className="p-2 text-xs text-zinc-500">Loading editor…</p>}
        options={{
          ariaLabel: label,
          readOnly,
          minimap: { enabled: false },
          fontSize: 13,
          lineNumbers: 'on',
          scrollBeyondLastLine: false,
          automaticLayout: true,
          tabSize: 2,
          tabFocusMode: true,
          fixedOverflowWidgets: true,
          quickSuggestions: { strings: true, other: true, comments: false },
          renderLineHighlight: 'none',
        }}
      />
    </div>
  )
}
