/** What stands in for a live token wherever a mail is shown rather than sent. */
export const HIDDEN = '[hidden]';

/** The mail with every secret (as written, or URL-encoded in a link) replaced by HIDDEN. */
export function hideSecrets<T extends { subject: string; text: string; html?: string }>(mail: T, secrets: string[]): T {
  const forms = secrets.filter(Boolean).flatMap((s) => [...new Set([s, encodeURIComponent(s)])]);
  const hide = (value: string) => forms.reduce((out, s) => out.replaceAll(s, HIDDEN), value);
  return {
    ...mail,
    subject: hide(mail.subject),
    text: hide(mail.text),
    ...(mail.html === undefined ? {} : { html: hide(mail.html) }),
  };
}
