import { LOAD_LIMITS, type MonitoringLevel, type TechnologistLoad } from '../../contract/cases';

/**
 * Technologist load (DESIGN §4): the CPT definitions of the monitoring levels cap how many active cases
 * of a level one technologist may hold at once.
 */

export function loadOf(activeCases: readonly { monitoringLevel: MonitoringLevel }[]): TechnologistLoad {
  const load: TechnologistLoad = { continuous: 0, intermittent: 0, unmonitored: 0 };
  for (const { monitoringLevel } of activeCases) load[monitoringLevel] += 1;
  return load;
}

/** Why holding `load` is refused (409), naming the limit; `undefined` when it is within the limits. */
export function loadLimitRefusal(name: string, load: TechnologistLoad): string | undefined {
  const over = (Object.keys(LOAD_LIMITS) as (keyof typeof LOAD_LIMITS)[]).filter(
    (level) => load[level] > LOAD_LIMITS[level],
  );
  if (over.length === 0) return undefined;
  const parts = over.map((level) => `${load[level]} ${level} cases; the limit is ${LOAD_LIMITS[level]}`);
  return `${name} would hold ${parts.join(', and ')}`;
}
