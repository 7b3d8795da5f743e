import { shortMessageOf } from '@portico/core'

/**
 * What a form says when its step failed: the frame's (the server's) own words, e.g. a wrong or
 * expired code, or 'Please try again after {n} seconds'; undefined when it went through.
 */
export async function failureOf(step: Promise<unknown>): Promise<string | undefined> {
  try {
    await step
    return undefined
  } catch (error) {
    return shortMessageOf(error) ?? 'An error occurred'
  }
}
