// Integer settings read from the environment or given in code, each with its bounds. Readers
// throw RangeError naming the setting; config.ts turns that into a ConfigError.

/** The variable's integer, undefined when unset or blank; out of bounds or not whole throws. */
export function readInteger(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  return checkInteger(name, Number(value), min, max)
}

/** `value` when it is a whole number within the bounds; throws otherwise. */
export function checkInteger(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}`)
  }
  return value
}
