import { MONITORING_LEVELS, type MonitoringLevel, type TechnologistLoad } from './cases';

/**
 * Technologist load (DESIGN §4): a technologist's active cases may weigh at most LOAD_CAPACITY, a continuous
 * case 3, an intermittent one 1, an unmonitored one nothing (one technologist to 4 continuous or 12
 * intermittent patients, or a mix such as 2 continuous + 6 intermittent).
 */
export const LOAD_WEIGHTS = { continuous: 3, intermittent: 1, unmonitored: 0 } as const satisfies Record<
  MonitoringLevel,
  number
>;
export const LOAD_CAPACITY = 12;

/** How many active cases of one level alone fill a technologist's capacity: 4 continuous, 12 intermittent. */
export const LOAD_LIMITS = {
  continuous: LOAD_CAPACITY / LOAD_WEIGHTS.continuous,
  intermittent: LOAD_CAPACITY / LOAD_WEIGHTS.intermittent,
} as const satisfies Partial<Record<MonitoringLevel, number>>;

/** The weight of a technologist's active cases, to hold against LOAD_CAPACITY. */
export const loadWeight = (load: TechnologistLoad) =>
  MONITORING_LEVELS.reduce((total, level) => total + load[level] * LOAD_WEIGHTS[level], 0);
