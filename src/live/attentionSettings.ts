import { useCallback, useState } from 'react';

/**
 * How a user is told of new attention items: a browser notification, a sound, and hours when neither is
 * used (the badge always counts). Kept in this browser (localStorage, per user): the notification
 * permission is the browser's and a sound suits one screen (the board on the wall) and not another.
 */
export type AttentionSettings = {
  notify: boolean;
  sound: boolean;
  /** Quiet from `quietFrom` to `quietTo` (`HH:MM`, this device's time, across midnight when to < from); off when equal. */
  quietFrom: string;
  quietTo: string;
};

export const DEFAULT_ATTENTION_SETTINGS: AttentionSettings = {
  notify: false,
  sound: false,
  quietFrom: '00:00',
  quietTo: '00:00',
};

const storageKey = (username: string) => `vigil.attention.${username}`;

function readAttentionSettings(username: string): AttentionSettings {
  try {
    const stored = JSON.parse(
      localStorage.getItem(storageKey(username)) ?? '{}',
    ) as Partial<AttentionSettings>;
    return { ...DEFAULT_ATTENTION_SETTINGS, ...stored };
  } catch {
    return DEFAULT_ATTENTION_SETTINGS;
  }
}

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Whether `at` (this device's time) falls in the quiet hours. */
export function isQuietAt({ quietFrom, quietTo }: AttentionSettings, at: Date): boolean {
  const from = minutesOf(quietFrom);
  const to = minutesOf(quietTo);
  const now = at.getHours() * 60 + at.getMinutes();
  if (from === to) return false;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** The user's settings and their change, saved as they change (read again when the user is known). */
export function useAttentionSettings(username: string) {
  const [kept, setKept] = useState(() => ({ username, settings: readAttentionSettings(username) }));
  const settings = kept.username === username ? kept.settings : readAttentionSettings(username);
  const change = useCallback(
    (changes: Partial<AttentionSettings>) => {
      const next = { ...readAttentionSettings(username), ...changes };
      localStorage.setItem(storageKey(username), JSON.stringify(next));
      setKept({ username, settings: next });
    },
    [username],
  );
  return [settings, change] as const;
}
