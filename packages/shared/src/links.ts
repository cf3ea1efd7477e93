/*
 * Which links a topic description may hold and the page renders: the server's rich-text schema
 * refuses any other on save, and the web's renderer drops any other already stored. No zod here,
 * so the renderer takes the rule without the schemas.
 */

/**
 * Links that cannot run script or lead off the portal unnoticed: http(s), mail, and the portal's
 * own paths. Browsers drop tabs and line breaks anywhere in a link and read `\` as `/`, so
 * `/\host` and `/<tab>/host` are `//host`, another host, like `//host` itself.
 */
export function isSafeRichTextHref(href: string): boolean {
  const value = href.trim();
  if (/^(https?:|mailto:)/i.test(value)) return true;
  return /^\/(?![/\\])/.test(value.replace(/[\t\n\r]/g, ''));
}
