// Optional table sounds, synthesized with WebAudio (no audio files): off by default, the
// Sound toggle of the settings bar turns them on (kept in localStorage `cardavia.settings`
// with the display settings). Loaded on every page for the toggle; motion.js plays them.
import { saveSettings, settings } from './settings.js';

let context = null;

function audio() {
  if (context) return context;
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

export const soundOn = () => settings.sound === true;

// One short tone: a frequency glide with a fast attack and an exponential decay.
function tone(ctx, { from, to = from, start = 0, length = 0.08, volume = 0.18, type = 'sine' }) {
  const at = ctx.currentTime + start;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(from, at);
  oscillator.frequency.exponentialRampToValueAtTime(to, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

// A burst of filtered noise: the snap of a card, the swish of a gathered trick.
function noise(ctx, { start = 0, length = 0.06, volume = 0.25, frequency = 2500, sweepTo = frequency }) {
  const at = ctx.currentTime + start;
  const samples = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, samples, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < samples; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 2;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.setValueAtTime(frequency, at);
  filter.frequency.exponentialRampToValueAtTime(sweepTo, at + length);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(volume, at);
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(at);
}

const SOUNDS = {
  card: (ctx) => noise(ctx, { length: 0.05, frequency: 3200, volume: 0.3 }),
  gather: (ctx) => noise(ctx, { length: 0.18, frequency: 900, sweepTo: 3000, volume: 0.22 }),
  chip: (ctx) => {
    tone(ctx, { from: 2600, to: 2300, length: 0.05, volume: 0.08, type: 'triangle' });
    tone(ctx, { from: 3100, to: 2800, start: 0.045, length: 0.05, volume: 0.06, type: 'triangle' });
  },
  call: (ctx) => tone(ctx, { from: 660, to: 620, length: 0.07, volume: 0.08 }),
  turn: (ctx) => {
    tone(ctx, { from: 784, length: 0.12, volume: 0.09 });
    tone(ctx, { from: 1047, start: 0.1, length: 0.16, volume: 0.08 });
  },
  win: (ctx) => {
    [523, 659, 784, 1047].forEach((from, index) => tone(ctx, { from, start: index * 0.08, length: 0.18, volume: 0.08 }));
  },
};

// Browsers start audio only after the page has had a click or a key: none before.
const mayPlay = () => navigator.userActivation?.hasBeenActive ?? true;

export function playSound(name) {
  if (!soundOn() || !SOUNDS[name] || !mayPlay()) return;
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  try {
    SOUNDS[name](ctx);
  } catch {
    // A sound is never worth an error.
  }
}

function wireToggle() {
  const toggle = document.getElementById('setting-sound');
  if (!toggle) return;
  toggle.checked = soundOn();
  toggle.addEventListener('change', () => {
    settings.sound = toggle.checked;
    saveSettings(settings);
    playSound('chip'); // turned on by a click: the browser lets the audio start now
  });
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', wireToggle, { once: true });
} else {
  wireToggle();
}
