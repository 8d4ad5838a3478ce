// Renders `{ type: 'content' }` model output parts. Tool output is untrusted: text is text, images and links
// only for allowed schemes, anything else shown as JSON.
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { isSafeImageSrc, isSafeLink } from './safeUrl.ts'

type Part = { type: string; [k: string]: unknown }

function PartView({ part }: { part: Part }) {
  if (part.type === 'text' && typeof part.text === 'string')
    return <JsonBlock text={part.text} copyLabel="Copy text part" />
  if (part.type === 'image-url' && isSafeImageSrc(part.url))
    return (
      <img
        src={part.url}
        alt="Image part from the tool"
        className="max-h-48 rounded border border-zinc-200 dark:border-zinc-700"
      />
    )
  if (
    part.type === 'image-data' &&
    typeof part.data === 'string' &&
    typeof part.mediaType === 'string' &&
    /^image\//.test(part.mediaType)
  ) {
    const src = `data:${part.mediaType};base64,${part.data}`
    if (isSafeImageSrc(src))
      return (
        <img
          src={src}
          alt="Image part from the tool"
          className="max-h-48 rounded border border-zinc-200 dark:border-zinc-700"
        />
      )
  }
  if (part.type === 'file-url' && isSafeLink(part.url)) {
    return (
      <a
        href={part.url}
        target="_blank"
        rel="noopener noreferrer"
        className="text-xs text-sky-700 underline dark:text-sky-300"
      >
        {part.url}
      </a>
    )
  }
  return <JsonBlock value={part} />
}

export function ContentParts({ parts }: { parts: Part[] }) {
  return (
    <ol className="space-y-2" aria-label="Content parts">
      {parts.map((p, i) => (
        <li key={i}>
          <span className="text-[11px] text-zinc-500">{p.type}</span>
          <PartView part={p} />
        </li>
      ))}
    </ol>
  )
}
