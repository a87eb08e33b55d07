// RFC 6266 / RFC 5987: an attachment with an ASCII fallback name and the exact UTF-8 name.

/** `attachment; filename="<ascii fallback>"; filename*=UTF-8''<percent-encoded name>` */
export function attachmentDisposition(name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '') // accents dropped: "Dépôt" → "Depot"
      .replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
