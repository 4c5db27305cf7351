/** Sidebar state (open/closed remembered; closed and overlaid below 992 px) and the section side menu. */
import { MOBILE_BREAKPOINT } from '@folio/shared';
import { Layout, Menu, type MenuProps } from 'antd';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { readLocal, writeLocal } from '../../lib/storage';

const KEY = 'folio.sidebarOpen';

interface SidebarState {
  open: boolean;
  mobile: boolean;
  toggle: () => void;
  close: () => void;
}

const Ctx = createContext<SidebarState>({ open: true, mobile: false, toggle: () => {}, close: () => {} });

/** The sidebar state of the main layout. */
export const useSidebar = () => useContext(Ctx);

/** True below the mobile breakpoint. */
export function useIsMobile(breakpoint = MOBILE_BREAKPOINT): boolean {
  const [mobile, setMobile] = useState(() => window.innerWidth < breakpoint);
  useEffect(() => {
    const on = () => setMobile(window.innerWidth < breakpoint);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, [breakpoint]);
  return mobile;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const mobile = useIsMobile();
  const [stored, setStored] = useState(() => readLocal(KEY, true));
  const [mobileOpen, setMobileOpen] = useState(false);
  const open = mobile ? mobileOpen : stored;
  const value: SidebarState = {
    open,
    mobile,
    toggle: () => {
      if (mobile) setMobileOpen((o) => !o);
      else {
        writeLocal(KEY, !stored);
        setStored(!stored);
      }
    },
    close: () => setMobileOpen(false),
  };
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export type SideItem = { key: string; label: ReactNode; icon?: ReactNode; hidden?: boolean };

/** A section (space, project, user centre, admin) with its side menu and the page in <Outlet/>. */
export function SectionLayout({ items, header, footer }: { items: SideItem[]; header?: ReactNode; footer?: ReactNode }) {
  const { open, mobile, close } = useSidebar();
  const navigate = useNavigate();
  const location = useLocation();
  const visible = items.filter((i) => !i.hidden);
  const selected = visible
    .filter((i) => location.pathname === i.key || location.pathname.startsWith(`${i.key}/`))
    .sort((a, b) => b.key.length - a.key.length)[0]?.key;
  const menuItems: MenuProps['items'] = visible.map((i) => ({ key: i.key, label: i.label, icon: i.icon }));
  return (
    <Layout className="section-layout" hasSider>
      {mobile && open && <div className="sider-mask" onClick={close} aria-hidden />}
      <Layout.Sider
        width={224}
        collapsedWidth={mobile ? 0 : 70}
        collapsed={!open}
        trigger={null}
        theme="light"
        className={mobile ? 'section-sider mobile' : 'section-sider'}
        data-testid="sidebar"
      >
        {open && header}
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={menuItems}
          onClick={(e) => {
            navigate(e.key);
            if (mobile) close();
          }}
        />
        {open && footer}
      </Layout.Sider>
      <Layout.Content className="section-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
