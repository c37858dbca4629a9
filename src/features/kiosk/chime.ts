/**
 * The idle question's sound (issue 23: a warning through more than one sense): two soft tones, a fourth
 * apart, drawn with Web Audio, so there is no audio file to load. Where the browser has no Web Audio, or
 * refuses to start it, the question is still shown and announced; nothing breaks.
 */
const TONES = [
  { hz: 660, at: 0 },
  { hz: 880, at: 0.28 },
] as const;
const TONE_S = 0.5;
const VOLUME = 0.25;

type AudioWindow = { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };

/** Sounds the chime once (the question has just appeared). */
export function playChime(win: AudioWindow = window as AudioWindow): void {
  const Context = win.AudioContext ?? win.webkitAudioContext;
  if (!Context) return;
  let context: AudioContext;
  try {
    context = new Context();
  } catch {
    return;
  }
  const start = context.currentTime;
  for (const { hz, at } of TONES) {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.type = 'sine';
    tone.frequency.value = hz;
    // A quick rise and a long fade: a chime, not a beep.
    gain.gain.setValueAtTime(0, start + at);
    gain.gain.linearRampToValueAtTime(VOLUME, start + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.001, start + at + TONE_S);
    tone.connect(gain).connect(context.destination);
    tone.start(start + at);
    tone.stop(start + at + TONE_S);
  }
  // The context is closed once the last tone has sounded (a kiosk runs for days: no context may pile up).
  const lastsMs = (Math.max(...TONES.map((tone) => tone.at)) + TONE_S) * 1000;
  setTimeout(() => void context.close().catch(() => undefined), lastsMs + 100);
  void context.resume().catch(() => undefined);
}
