import { LOAD_CAPACITY, LOAD_WEIGHTS, loadWeight } from '../../contract/caseLoad';
import type { MonitoringLevel, TechnologistLoad } from '../../contract/cases';
import type { LoadRefusal } from '../../contract/envelope';

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

type HeldCase = { id: number; monitoringLevel: MonitoringLevel };

/** A technologist who might take a case, with the active cases they hold. */
export interface LoadCandidate {
  username: string;
  name: string;
  held: readonly HeldCase[];
}

/**
 * Who can take `taken` within the limit, the lightest load first: one already on the case carries no more,
 * anyone else carries it on top of what they hold. Each with the load they hold now.
 */
export function takersOf(candidates: readonly LoadCandidate[], taken: HeldCase): LoadRefusal['takers'] {
  return candidates
    .map(({ username, name, held }) => {
      const after = held.some((found) => found.id === taken.id) ? held : [...held, taken];
      return {
        username,
        name,
        load: loadWeight(loadOf(held)),
        fits: loadWeight(loadOf(after)) <= LOAD_CAPACITY,
      };
    })
    .filter(({ fits }) => fits)
    .sort((a, b) => a.load - b.load || a.name.localeCompare(b.name))
    .map(({ username, name, load }) => ({ username, name, load }));
}

/**
 * Why `incoming` may not take `taken` on top of what they hold (409), with the load they would carry and
 * who could take it instead (`others`: the technologists neither handing over nor refused); `undefined`
 * when it fits.
 */
export function takeOverRefusal(
  incoming: LoadCandidate,
  taken: HeldCase,
  others: readonly LoadCandidate[],
): { message: string; overLoad: LoadRefusal } | undefined {
  const load = loadOf([...incoming.held, taken]);
  const message = loadLimitRefusal(incoming.name, load);
  if (!message) return undefined;
  return {
    message,
    overLoad: {
      name: incoming.name,
      load: loadWeight(load),
      limit: LOAD_CAPACITY,
      takers: takersOf(others, taken),
    },
  };
}
