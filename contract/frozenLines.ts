import type { CptCode, ProfessionalCodes } from './billing';

/**
 * A line's professional codes as stored when its cycle closed: in today's shape, or in the shape of lines
 * frozen when the codes went to the case's reader (`{reader, codes}`), read as that reader's codes.
 */
export function frozenProfessional(
  stored: ProfessionalCodes | { reader: string | null; codes: CptCode[] } | undefined,
): ProfessionalCodes | undefined {
  if (stored === undefined || 'readers' in stored) return stored;
  return {
    readers: stored.codes.length === 0 ? [] : [{ reader: stored.reader, codes: stored.codes }],
    unreported: [],
  };
}
