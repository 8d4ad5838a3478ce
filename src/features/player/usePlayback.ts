// Playback of a recorded run: play at 0.5×–4× on the recorded timing (one state update per animation frame, however
// many events that frame covers), pause, step one event either way, and seek to any event. Reaching the end pauses;
// playing again from the end starts over.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Timeline } from './timeline.ts'
import { countAt } from './timeline.ts'

/** Speeds the player offers. */
export const SPEEDS = [0.5, 1, 2, 4] as const
export type Speed = (typeof SPEEDS)[number]

export interface Playback {
  /** Events played so far (0 … the run's event count). */
  count: number
  playing: boolean
  speed: Speed
  /** Playback time, in ms from the first event. */
  time: number
  play(): void
  pause(): void
  /** Pauses and moves one event forward (+1) or back (-1). */
  step(delta: 1 | -1): void
  /** Moves to just after the `count`-th event; playing goes on from there. */
  seek(count: number): void
  setSpeed(speed: Speed): void
}

export function usePlayback(timeline: Timeline): Playback {
  const length = timeline.times.length
  const [count, setCount] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<Speed>(1)
  const [time, setTime] = useState(0)
  // The clock lives in a ref: the animation loop and the controls read its current value, not the last render's.
  const clock = useRef(0)
  const timeOf = useCallback((n: number) => (n === 0 ? 0 : timeline.times[n - 1]), [timeline])
  const moveTo = useCallback(
    (n: number) => {
      const next = Math.max(0, Math.min(n, length))
      clock.current = timeOf(next)
      setCount(next)
      setTime(clock.current)
    },
    [length, timeOf],
  )

  useEffect(() => {
    if (!playing) return
    let frame = 0
    let last = performance.now()
    const tick = (now: number) => {
      clock.current = Math.min(timeline.total, clock.current + (now - last) * speed)
      last = now
      const n = countAt(timeline.times, clock.current)
      setCount(n)
      setTime(clock.current)
      if (n >= length) setPlaying(false)
      else frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [playing, speed, timeline, length])

  return {
    count,
    playing,
    speed,
    time,
    play: () => {
      if (count >= length) moveTo(0)
      setPlaying(length > 0)
    },
    pause: () => setPlaying(false),
    step: (delta) => {
      setPlaying(false)
      moveTo(count + delta)
    },
    seek: moveTo,
    setSpeed,
  }
}
