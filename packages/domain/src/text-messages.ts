// spec 1 §3/§4 Text messages: a tenant who replies STOP to one of our texts is muted by CUSTOMER, and texting START
// turns texts back on. Which replies mean which: the carrier keywords of CTIA / CRTC practice, French included.

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ARRET', 'ARRÊT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'SUBSCRIBE']);

/** What a reply asks for: its first word, case- and punctuation-insensitive; null for anything else. */
export function textReplyKeyword(body: string): 'STOP' | 'START' | null {
  const word =
    body
      .trim()
      .split(/\s+/)[0]
      ?.toUpperCase()
      .replace(/[.!]+$/, '') ?? '';
  if (STOP_WORDS.has(word)) return 'STOP';
  if (START_WORDS.has(word)) return 'START';
  return null;
}
