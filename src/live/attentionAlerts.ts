import type { AttentionItem } from '../../contract/attention';
import { attentionText } from '../../contract/attentionText';

/** A short two-tone beep with WebAudio: no sound file to load. */
export function beep() {
  const AudioContextClass = globalThis.AudioContext;
  if (!AudioContextClass) return;
  const audio = new AudioContextClass();
  const gain = audio.createGain();
  gain.gain.value = 0.15;
  gain.connect(audio.destination);
  [880, 660].forEach((frequency, index) => {
    const tone = audio.createOscillator();
    tone.frequency.value = frequency;
    tone.connect(gain);
    tone.start(audio.currentTime + index * 0.18);
    tone.stop(audio.currentTime + index * 0.18 + 0.15);
  });
  setTimeout(() => void audio.close(), 1_000);
}

/** Whether this browser shows notifications and the user allowed them. */
const notificationsAllowed = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted';

/** Asks the browser for the permission (to be called from a click: browsers ignore it otherwise). */
export async function askNotificationPermission(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'default') await Notification.requestPermission();
  return notificationsAllowed();
}

/** A browser notification naming the case number and what is due, never the patient. */
export function showNotification(item: AttentionItem) {
  if (!notificationsAllowed()) return;
  // One per item: the browser replaces rather than repeats it (several tabs open, a reconnection).
  new Notification('Vigil', { body: attentionText(item), tag: item.key });
}
