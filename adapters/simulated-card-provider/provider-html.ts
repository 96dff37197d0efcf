/** The provider page as plain HTML, for `npm run mock:server` (forms, no script). */
import type { ProviderLinkInfo } from '#domain/onboarding.ts'
import { PROVIDER_TEXTS, REQUIREMENT_LABELS, statusMessage } from './texts.ts'

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f3f1fb;color:#1d1b2f;margin:0}
header{background:#4b3bb5;color:#fff;padding:12px 24px;font-weight:600}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:24px 28px;box-shadow:0 2px 12px #0001}
h1{font-size:1.4rem;margin-top:0}
form{display:flex;flex-direction:column;gap:12px;margin-top:20px}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #4b3bb5;background:#fff;color:#4b3bb5;cursor:pointer;text-align:left}
button[value=COMPLETE]{background:#4b3bb5;color:#fff}
button:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
small{display:block;font-weight:normal;opacity:.8}`

export const providerPageHtml = (info: ProviderLinkInfo | null, linkId: string): string => {
  let content: string
  if (!info) {
    content = `<h1>${escape(PROVIDER_TEXTS.heading)}</h1><p role="alert">${escape(PROVIDER_TEXTS.unknown)}</p>`
  } else if (info.status !== 'OPEN') {
    content = `<h1>${escape(PROVIDER_TEXTS.heading)}</h1><p role="alert">${escape(statusMessage(info.status))}</p>
<form method="post"><input type="hidden" name="link" value="${escape(linkId)}"><button type="submit" name="outcome" value="CANCEL">${escape(PROVIDER_TEXTS.back)}</button></form>`
  } else {
    const open = info.requirements.map((item) => `<li>${escape(REQUIREMENT_LABELS[item])}</li>`).join('')
    const button = (outcome: string, label: string, hint: string) =>
      `<button type="submit" name="outcome" value="${outcome}">${escape(label)}<small>${escape(hint)}</small></button>`
    content = `<h1>${escape(PROVIDER_TEXTS.heading)}</h1><p>${escape(PROVIDER_TEXTS.intro(info.clubName))}</p>
${open ? `<p>${escape(PROVIDER_TEXTS.open)}</p><ul>${open}</ul>` : ''}
<form method="post"><input type="hidden" name="link" value="${escape(linkId)}">
${button('COMPLETE', PROVIDER_TEXTS.complete, PROVIDER_TEXTS.completeHint)}
${button('PARTIAL', PROVIDER_TEXTS.partial, PROVIDER_TEXTS.partialHint)}
${button('CANCEL', PROVIDER_TEXTS.cancel, PROVIDER_TEXTS.cancelHint)}
</form>`
  }
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(PROVIDER_TEXTS.documentTitle)}</title><style>${STYLE}</style></head>
<body><header>${escape(PROVIDER_TEXTS.brand)}</header><main>${content}</main></body></html>`
}
