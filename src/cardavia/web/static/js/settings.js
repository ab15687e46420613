// Display settings (contrast, grain, colour temperature) and the language selector.
// Loaded as a module from <head>: the saved settings are applied as soon as it runs,
// then the settings bar is wired. Styles change only through CSS custom properties.

const STORAGE_KEY = 'cardavia.settings';
const LANGUAGE_COOKIE = 'cardavia_lang';
export const SETTINGS = ['contrast', 'grain', 'temperature'];
const DEFAULT_VALUE = 50;

const clamp = (value) => {
  const number = Math.round(Number(value));
  return Number.isFinite(number) ? Math.min(100, Math.max(0, number)) : DEFAULT_VALUE;
};

export function readSettings() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  const settings = { ...saved };
  for (const name of SETTINGS) {
    settings[name] = name in saved ? clamp(saved[name]) : DEFAULT_VALUE;
  }
  return settings;
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or a full storage: the settings just do not persist.
  }
}

// 50 % is the design as drawn for all three.
export function applySettings(settings, root = document.documentElement) {
  const { contrast, grain, temperature } = settings;
  root.style.setProperty('--contrast', (0.5 + contrast / 100).toFixed(2));
  root.style.setProperty('--grain-opacity', ((grain / 100) * 0.6).toFixed(3));
  const shift = (temperature - 50) / 50; // -1 cool … +1 warm
  root.style.setProperty('--tint-color', shift >= 0 ? 'rgb(255 178 102)' : 'rgb(120 170 255)');
  root.style.setProperty('--tint-opacity', (Math.abs(shift) * 0.5).toFixed(3));
  for (const name of SETTINGS) root.dataset[name] = String(settings[name]);
}

function languagePath(lang) {
  const rest = location.pathname.split('/').slice(2).join('/');
  return `/${lang}/${rest}${location.search}${location.hash}`;
}

function wireSettingsBar(settings) {
  for (const name of SETTINGS) {
    const input = document.getElementById(`setting-${name}`);
    const output = document.getElementById(`setting-${name}-value`);
    if (!input) continue;
    const show = () => {
      if (output) output.value = `${settings[name]}%`;
      input.setAttribute('aria-valuetext', `${settings[name]}%`);
    };
    input.value = String(settings[name]);
    show();
    input.addEventListener('input', () => {
      settings[name] = clamp(input.value);
      applySettings(settings);
      show();
      saveSettings(settings);
    });
  }
  const language = document.getElementById('setting-language');
  language?.addEventListener('change', () => {
    const lang = language.value;
    settings.language = lang;
    saveSettings(settings);
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
    location.assign(languagePath(lang));
  });
}

// The page's settings, shared by every module that keeps one (sound.js, the Bridge table).
export const settings = readSettings();
applySettings(settings);
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => wireSettingsBar(settings), { once: true });
} else {
  wireSettingsBar(settings);
}
