import type { AcnsSeizure } from './acns';
import { seizuresAnswerDisagreement } from './acnsRules';
import { INTERPRETATION_KIND_WORDS, type INTERPRETATION_KINDS } from './caseRecords';
import type { FieldError } from './envelope';

/** The kinds whose signature needs the answer to "seizures in this period" (DESIGN §4, round three). */
const SEIZURES_ANSWER_KINDS: readonly (typeof INTERPRETATION_KINDS)[number][] = ['daily', 'final'];

/** What signing an interpretation reads: its kind, the answer and the seizure entries. */
export interface SignedReading {
  kind: (typeof INTERPRETATION_KINDS)[number];
  seizuresInPeriod: boolean | null | undefined;
  acnsSeizures: readonly Pick<AcnsSeizure, 'class'>[];
}

/**
 * Why an interpretation cannot be signed as it stands (400 naming `seizuresInPeriod`), or none: a daily or
 * final report answers "seizures in this period", and any answer agrees with the seizure entries. A draft
 * may disagree (the form warns); the signature may not. Pure: the server and the sign dialog share it.
 */
export function signingErrors(reading: SignedReading): FieldError[] {
  const answer = reading.seizuresInPeriod ?? null;
  if (answer === null && SEIZURES_ANSWER_KINDS.includes(reading.kind))
    return [
      {
        field: 'seizuresInPeriod',
        message: `Answer "seizures in this period" (yes or no) before signing a ${INTERPRETATION_KIND_WORDS[reading.kind]} report`,
      },
    ];
  const disagreement = seizuresAnswerDisagreement(answer, reading.acnsSeizures);
  return disagreement ? [{ field: 'seizuresInPeriod', message: disagreement }] : [];
}
