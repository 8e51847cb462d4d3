import { useEffect, useRef } from 'react';
import { LANGUAGES, THEME_CHOICES, type Language, type ThemeChoice } from '@staff/console-contract';
import { useNotifications } from '@staff/console-ui';
import { useServices } from '../services.js';
import { useThemeChoice } from '../theme.js';
import { useLanguage, useTexts } from '../i18n.js';
import './shell.css';

interface PreferenceSelectProps<V extends string> {
  label: string;
  value: V;
  choices: readonly V[];
  nameOf: (value: V) => string;
  /** Applies the choice in this browser at once. */
  apply: (value: V) => void;
  /** Keeps it on the server; a failure is notified under `notSaved` and the choice stays applied here. */
  save: (value: V) => Promise<unknown>;
  notSaved: string;
  /** Options named in their own language (`lang` on each). */
  optionsInOwnLanguage?: boolean;
  /** The choice shown is still loading what it needs (Indonesian's error texts). */
  busy?: boolean;
}

/** A sidebar select for a choice kept per user on the server (ADR 028): applied at once, then saved. */
function PreferenceSelect<V extends string>({
  label,
  value,
  choices,
  nameOf,
  apply,
  save,
  notSaved,
  optionsInOwnLanguage = false,
  busy = false,
}: PreferenceSelectProps<V>) {
  const { notify } = useNotifications();
  return (
    <label>
      {label}
      <select
        className="app-preference-select"
        value={value}
        aria-busy={busy || undefined}
        onChange={(event) => {
          const next = event.target.value as V;
          apply(next);
          save(next).catch((error: { message?: string }) =>
            notify({ type: 'error', title: notSaved, message: error.message ?? '' }),
          );
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice} lang={optionsInOwnLanguage ? choice : undefined}>
            {nameOf(choice)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** System / light / dark; the server's value wins once loaded at sign-in. */
export function ThemeChoiceControl() {
  const services = useServices();
  const { choice, setChoice } = useThemeChoice();
  const { language, setLanguage } = useLanguage();
  const texts = useTexts();
  // The choices shown now, read when the server answers.
  const shown = useRef({ choice, language });
  useEffect(() => {
    shown.current = { choice, language };
  }, [choice, language]);
  useEffect(() => {
    let live = true;
    const asked = shown.current;
    // One read for both choices: the language control saves its own, this applies both at sign-in. A choice the
    // person changed while the read was on its way is theirs (and being saved): the older answer does not undo it.
    services.fetchPreferences().then(
      (saved) => {
        if (!live) return;
        if (shown.current.choice === asked.choice) setChoice(saved.theme);
        if (shown.current.language === asked.language) setLanguage(saved.language);
      },
      () => undefined, // the cached choice stays; a 401 signs out anyway
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in shell
  }, [services]);
  return (
    <PreferenceSelect<ThemeChoice>
      label={texts.theme}
      value={choice}
      choices={THEME_CHOICES}
      nameOf={(value) => texts.themeNames[value]}
      apply={setChoice}
      save={(theme) => services.savePreferences({ theme })}
      notSaved={texts.themeNotSaved}
    />
  );
}

/** Bahasa Indonesia / English; applied at once (texts and `<html lang>`), Indonesian once its error texts are in. */
export function LanguageChoiceControl() {
  const services = useServices();
  const { language, setLanguage, pendingLanguage } = useLanguage();
  const texts = useTexts();
  return (
    <PreferenceSelect<Language>
      label={texts.language}
      value={pendingLanguage ?? language}
      busy={pendingLanguage !== null}
      choices={LANGUAGES}
      nameOf={(value) => texts.languageNames[value]}
      apply={setLanguage}
      save={(next) => services.savePreferences({ language: next })}
      notSaved={texts.languageNotSaved}
      optionsInOwnLanguage
    />
  );
}
