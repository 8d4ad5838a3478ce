// A value that follows `value` once it has stopped changing for `delayMs`: what is sent to the server while a person
// types (each keystroke would otherwise be a request). The first defined value is taken at once.
import { useEffect, useState } from 'react'

export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  const first = settled === undefined && value !== undefined
  useEffect(() => {
    if (first) return setSettled(value)
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs, first])
  return first ? value : settled
}
