/**
 * A part of a UTF-8 file name (`filename*=`): no control, format or bidi characters, nothing a path or a shell reads,
 * no leading dot, at most 60 characters. Shared by the exports' and the reports' download names. Pure.
 */
export function unicodeFileNamePart(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+/, '')
    .slice(0, 60)
    .trim();
}
