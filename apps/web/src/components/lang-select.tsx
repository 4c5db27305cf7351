/** The language selector: the server's language list; the choice is kept in local storage. */
import { GlobalOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useLang } from '../app/providers';
import { updateProfile } from '../features/user-center/api';
import { getToken } from '../lib/api';
import { fetchLanguages } from '../lib/system-api';

export function LangSelect({ size = 'small', saveToProfile = false }: { size?: 'small' | 'middle'; saveToProfile?: boolean }) {
  const { lang, setLang } = useLang();
  const { data } = useQuery({ queryKey: ['langs'], queryFn: fetchLanguages, staleTime: 5 * 60_000 });
  const options = (data ?? [{ lang, description: lang }]).map((l) => ({ value: l.lang, label: l.description || l.lang }));
  return (
    <Select
      size={size}
      value={lang}
      options={options}
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      style={{ minWidth: 110 }}
      aria-label="language"
      onChange={async (v) => {
        await setLang(v);
        if (saveToProfile && getToken()) await updateProfile({ lang: v }).catch(() => undefined);
      }}
    />
  );
}
