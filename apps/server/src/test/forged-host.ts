// A request as a client that writes its own Host header sends it (fetch would not let us): a
// forged `Host: evil.example`, with X-Forwarded-Host and -Proto for good measure, to check that
// no URL the server hands out is built from them.
import { request as httpRequest } from 'node:http'

export const FORGED_HOST = 'evil.example'
const FORGED = {
  host: FORGED_HOST,
  'x-forwarded-host': FORGED_HOST,
  'x-forwarded-proto': 'https',
}

export interface ForgedAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

export function forgedHostRequest(
  url: string,
  options: {
    method?: string
    body?: string
    contentType?: string
    headers?: Record<string, string>
  } = {},
): Promise<ForgedAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers, ...FORGED }
    if (options.body !== undefined)
      headers['content-type'] = options.contentType ?? 'application/json'
    const sent = httpRequest(url, { method: options.method ?? 'GET', headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      )
    })
    sent.on('error', reject)
    sent.end(options.body)
  })
}
