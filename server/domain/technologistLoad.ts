import {
  LOAD_CAPACITY,
  LOAD_WEIGHTS,
  loadWeight,
  type MonitoringLevel,
  type TechnologistLoad,
} from '../../contract/cases';

/**
 * Technologist load (DESIGN §4): the CPT definitions of the monitoring levels cap how much one technologist
 * may hold at once; a continuous case weighs 3, an intermittent one 1, and the active cases at most 12.
 */

export function loadOf(activeCases: readonly { monitoringLevel: MonitoringLevel }[]): TechnologistLoad {
  const load: TechnologistLoad = { continuous: 0, intermittent: 0, unmonitored: 0 };
  for (const { monitoringLevel } of activeCases) load[monitoringLevel] += 1;
  return load;
}

/** Why holding `load` is refused (409), naming the limit; `undefined` when it is within it. */
export function loadLimitRefusal(name: string, load: TechnologistLoad): string | undefined {
  const weight = loadWeight(load);
  if (weight <= LOAD_CAPACITY) return undefined;
  const held = [
    load.continuous > 0 && `${load.continuous} continuous`,
    load.intermittent > 0 && `${load.intermittent} intermittent`,
  ].filter(Boolean);
  return `${name} would hold ${held.join(' and ')} cases, a load of ${weight}; the limit is ${LOAD_CAPACITY} (a continuous case weighs ${LOAD_WEIGHTS.continuous}, an intermittent one ${LOAD_WEIGHTS.intermittent})`;
}
