/**
 * The language selector of the reading layouts: the server's language list in a native select (keeps
 * /view free of antd's Select); the choice is kept in local storage by the app's language state.
 */
import { useQuery } from '@tanstack/react-query';
import { useLang } from '../../app/providers';
import { fetchLanguages } from '../../lib/system-api';

export function LangPicker() {
  const { lang, setLang } = useLang();
  const { data } = useQuery({ queryKey: ['langs'], queryFn: fetchLanguages, staleTime: 5 * 60_000, meta: { silent: true } });
  const options = data?.length ? data : [{ lang, description: lang }];
  return (
    <select
      className="native-select"
      aria-label="language"
      value={lang}
      onChange={(e) => void setLang(e.target.value)}
      data-testid="lang-picker"
    >
      {options.map((l) => (
        <option key={l.lang} value={l.lang}>
          {l.description || l.lang}
        </option>
      ))}
    </select>
  );
}
