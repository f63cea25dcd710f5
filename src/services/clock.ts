/** Where the app reads the time: `Date.now` in the browser, the fake timers' in tests. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = {
  now: () => Date.now(),
}
