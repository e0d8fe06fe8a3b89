import type { CaseDetails } from '../../../../contract/cases';
import { DEFAULT_IMPEDANCE_LIMIT_KOHM } from '../../../../contract/clients';
import { useCaseProtocol } from './useCaseProtocol';

/**
 * The impedance limit (kΩ) the case is measured against: that of the protocol revision it was taken in
 * under, as the server flags `overLimit`; the default limit when the client had no protocol then.
 */
export function useImpedanceLimit(details: CaseDetails) {
  const protocol = useCaseProtocol(details);
  return {
    limit: protocol?.impedanceLimitKOhm ?? DEFAULT_IMPEDANCE_LIMIT_KOHM,
    revision: details.protocolRevision,
  };
}
