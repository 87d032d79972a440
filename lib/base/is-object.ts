/**
 * Whether an untyped value (parsed JSON, a stored payload) is a plain object whose fields can be read by name: not
 * null and not an array. Pure, so that the service's parsers and the owners' payload readers share it.
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
