/**
 * Each record parsed from one of the service's answers, tied to that answer's own JSON for the record. The copy stores
 * a record as the service wrote it (wireRecordOf); handing back the JSON it was parsed from costs nothing, where
 * encoding every amount back to its number again (the schemas' codecs) made filling the copy about half as slow
 * again (`npm run bench:mirror`). A WeakMap, so the JSON lives exactly as long as its parsed record.
 *
 * The rule this rests on: a parsed record is never changed in place. A change makes a new object (a spread,
 * storable()'s cleaning), which has no answer and is encoded again through the schema.
 */
const answered = new WeakMap<object, unknown>();

/** Remembers the JSON each parsed record came from (parsed and raw side by side, as the schema's array gave them). */
export function rememberAnswered(parsed: unknown, raw: unknown): void {
  if (Array.isArray(parsed) && Array.isArray(raw)) {
    parsed.forEach((record, index) => rememberOne(record, raw[index]));
  } else {
    rememberOne(parsed, raw);
  }
}

function rememberOne(parsed: unknown, raw: unknown): void {
  if (typeof parsed === 'object' && parsed !== null && parsed !== raw) answered.set(parsed, raw);
}

/** The JSON a record was parsed from, if it came from an answer and was not changed since (a changed one is a copy). */
export function answeredJsonOf(record: unknown): unknown {
  return typeof record === 'object' && record !== null ? answered.get(record) : undefined;
}
