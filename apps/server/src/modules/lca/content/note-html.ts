// A note's HTML as the portal stores it: what an administrator may format (paragraphs, emphasis,
// lists, headings, links), nothing that runs (scripts, event attributes, javascript: links, styles).
// The client sanitises again before display; the server's pass is what every reader relies on.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'abbr', 'code', 'span'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], abbr: ['title'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opening a new tab does not hand the portal's window to the page it opens.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== 'target')) },
  },
};

/** The note's HTML with only what OPTIONS allows. */
export const sanitiseNoteHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/** Whether sanitised HTML says nothing (no text left). */
export const isEmptyHtml = (html: string): boolean => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';
