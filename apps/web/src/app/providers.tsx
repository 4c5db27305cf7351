/** App-wide providers: TanStack Query, i18next, antd ConfigProvider whose locale follows the language. */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../lib/query';
import { ui } from '../lib/ui';
import { i18n, loadLanguage } from './i18n';

interface LangState {
  lang: string;
  defaultLang: string;
  setLang: (lang: string) => Promise<void>;
}

const LangContext = createContext<LangState>({ lang: 'zh-CN', defaultLang: 'zh-CN', setLang: async () => {} });

/** The current UI language and a setter that reloads texts from the server. */
/**
 * Colours that pass WCAG AA contrast (4.5:1) for text on white and on the selected-item tints: the primary
 * blue, secondary and placeholder text, breadcrumb links (checked by axe in e2e/a11y.e2e.ts).
 */
const THEME = {
  token: {
    colorPrimary: '#1a5fd0',
    colorLink: '#1a5fd0',
    colorInfo: '#1a5fd0',
    colorError: '#cf1322',
    borderRadius: 6,
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    Breadcrumb: { linkColor: 'rgba(0, 0, 0, 0.62)', itemColor: 'rgba(0, 0, 0, 0.62)', separatorColor: 'rgba(0, 0, 0, 0.62)' },
  },
};

export function useLang(): LangState {
  return useContext(LangContext);
}

/** Hands antd's context-aware message and modal to code outside components. */
function UiBridge() {
  const { message, modal } = AntApp.useApp();
  ui.message = message;
  ui.modal = modal;
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ lang: string; antd?: Locale; defaultLang: string } | null>(null);

  useEffect(() => {
    void loadLanguage().then(setState);
  }, []);

  const setLang = useCallback(async (lang: string) => {
    const r = await loadLanguage(lang);
    setState(r);
    queryClient.invalidateQueries();
  }, []);

  const ctx = useMemo(() => ({ lang: state?.lang ?? 'zh-CN', defaultLang: state?.defaultLang ?? 'zh-CN', setLang }), [state, setLang]);

  if (!state) return <div className="folio-boot" />;
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LangContext.Provider value={ctx}>
          <ConfigProvider locale={state.antd} theme={THEME}>
            <AntApp>
              <UiBridge />
              {children}
            </AntApp>
          </ConfigProvider>
        </LangContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
