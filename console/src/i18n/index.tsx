import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { en } from './en';
import { type MessageKey, zh } from './zh';

export type Lang = 'zh' | 'en';
const dictionaries: Record<Lang, Record<MessageKey, string>> = { zh, en };

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** `key`'s text in `lang`, each `{name}` replaced by its value. */
export function translate(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return Object.entries(vars).reduce((text, [name, value]) => text.replace(`{${name}}`, String(value)), dictionaries[lang][key]);
}

interface I18n {
  lang: Lang;
  setLang(lang: Lang): void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(() => (localStorage.getItem('lang') === 'en' ? 'en' : 'zh'));
  const setLang = useCallback((next: Lang) => {
    localStorage.setItem('lang', next);
    setLangState(next);
  }, []);
  const t = useCallback<Translate>((key, vars) => translate(lang, key, vars), [lang]);
  const value = useMemo(() => ({ lang, setLang, t }), [lang, setLang, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}

export const useT = () => useI18n().t;
