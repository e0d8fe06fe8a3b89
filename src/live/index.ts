export { AttentionBell } from './AttentionBell';
export { Countdown } from './Countdown';
export { type ConnectChanges, fetchChanges } from './changeStream';
export { LiveIndicator } from './LiveIndicator';
export { LiveUpdates, useLiveRefresh } from './LiveUpdates';
