// The login and consent pages of the local identity provider: plain HTML forms, no script and
// no remote assets, readable by a person and easy for a test to submit.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.4rem;box-sizing:border-box}
button{margin:1rem .5rem 0 0;padding:.5rem 1rem}</style></head><body>${body}</body></html>`
}

export function loginPage(provider: string, action: string, error?: string): string {
  return page(
    `Sign in to ${provider} (local)`,
    `<h1>Sign in to ${escapeHtml(provider)}</h1>
<p>A local stand-in for ${escapeHtml(provider)}: type any test person.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="name">Name</label><input id="name" name="name" required maxlength="100">
<label for="email">E-mail</label><input id="email" name="email" type="email" required maxlength="254">
<button type="submit">Sign in</button></form>`,
  )
}

/**
 * The consent names the site asking, as the real providers do: the name the client registered
 * (the operator's, set once per provider) and the host the browser goes back to.
 */
export function consentPage(
  provider: string,
  site: { name: string; returnsTo: string },
  scopes: readonly string[],
  action: string,
): string {
  const list = scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')
  return page(
    `Allow access (${provider}, local)`,
    `<h1>Sign in to ${escapeHtml(site.name)}?</h1>
<p>After this you go back to <strong>${escapeHtml(site.returnsTo)}</strong>. Allow only if you
started this login there yourself.</p>
<p>${escapeHtml(site.name)} asks ${escapeHtml(provider)} for:</p><ul>${list}</ul>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
  )
}
