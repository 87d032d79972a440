/**
 * What an import's components are handed: the import as its page reads it and a line's problems. The imports' owner
 * keeps them (lib/owners/imports/); components take the types from here, never from the owner.
 */
export type { LineProblem } from '@/lib/owners/imports/lines';
export type { ImportDetail } from '@/lib/owners/imports/view';
