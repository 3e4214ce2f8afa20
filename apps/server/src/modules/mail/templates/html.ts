// Building blocks of the portal's mails: HTML escaping, paragraphs, and a mail around one link.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Each line of a message becomes a paragraph. */
export function paragraphs(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
}

/**
 * A mail around one link. The link is listed in `secrets`: the outbox keeps it masked and only the
 * mail sent carries it (outbox/seal.ts), since most such links carry a token (validation, reset, report).
 */
export function linkMail(intro: string, link: string, outro: string) {
  const text = `Bonjour,\n\n${intro}\n${link}\n\n${outro}\n\nL'équipe du compte association`;
  const html = `${paragraphs(`Bonjour,\n${intro}`)}\n<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>\n${paragraphs(`${outro}\nL'équipe du compte association`)}`;
  return { text, html, secrets: [link] };
}
