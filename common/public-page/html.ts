// A tagged template for server-rendered HTML that escapes every interpolated value unless it is already
// SafeHtml, so forgetting to escape is impossible rather than merely unlikely.
import type { MessageKey, MessageValue, Translator } from '../i18n/translator';

export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Safe inside element content and inside quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (character) => ESCAPES[character]);
}

type Interpolation = SafeHtml | string | number | null | undefined | false | Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1];
  });
  return new SafeHtml(out);
}

/** Markup the server wrote itself (icons, styles); never pass user input. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

type MarkupValue = SafeHtml | string | number | ((chunks: string[]) => string);

/**
 * A catalogue's message as markup: its values escaped unless already SafeHtml, <b> as <strong>, any other tag as
 * `values` says. The messages' own words are ours (the catalogue test allows no raw markup in them).
 */
export function htmlMessage(
  translator: Translator,
  key: MessageKey,
  values: Record<string, MarkupValue> = {},
): SafeHtml {
  const escaped: Record<string, MessageValue> = {
    b: (chunks) => `<strong>${chunks.join('')}</strong>`,
  };
  for (const [name, value] of Object.entries(values)) {
    if (value instanceof SafeHtml) escaped[name] = value.value;
    else escaped[name] = typeof value === 'string' ? escapeHtml(value) : value;
  }
  return new SafeHtml(translator.t(key, escaped));
}

/** A tag of a message as a link to `href`. */
export function linkTag(href: string): (chunks: string[]) => string {
  return (chunks) => `<a href="${escapeHtml(href)}">${chunks.join('')}</a>`;
}
